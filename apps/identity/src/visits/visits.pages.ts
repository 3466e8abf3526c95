import type { IdentityPage } from '../pages';
import { VisitPage } from './VisitPage';

/** The visitor screens (admin-console §2.2 `/identity/visitor/visit/{id}`). */
export const visitPages: readonly IdentityPage[] = [{ path: '/identity/visitor/visit/:id', Page: VisitPage }];
