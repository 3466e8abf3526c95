import type { IdentityPage } from './pages';

/**
 * The identity screens that exist, one spread per folder (sorted by folder name: one line per folder
 * keeps merges of parallel work simple).
 */
export const IDENTITY_PAGES: readonly IdentityPage[] = [];
