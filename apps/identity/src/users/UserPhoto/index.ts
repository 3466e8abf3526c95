export { UserPhoto } from './UserPhoto';
export type { UserPhotoProps } from './UserPhoto';
