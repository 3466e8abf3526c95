export { BannerPreview } from './BannerPreview';
export type { BannerPreviewProps } from './BannerPreview';
