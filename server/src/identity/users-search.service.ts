/** The users search provider (admin-console §2.2 `/search/users`): username, names or e-mail address. */
import type { SearchProvider } from '../platform/search-registry';
import * as users from './users.repository';

/** Registered by `app.ts` into the search registry. */
export const usersSearchProvider: SearchProvider = {
  type: 'users',
  label: 'Users',
  permission: 'userView',
  async search(db, auth, { text, skip, take }) {
    const { total, rows } = await users.list(db, auth.tenantId, { skip, take, ...(text ? { search: text } : {}), sortField: 'username', sortDirection: 'asc' });
    return {
      totalResults: total,
      results: rows.map((row) => ({ id: row.id, type: 'users', title: row.username, subtitle: [`${row.given_name} ${row.family_name}`.trim(), row.email].filter(Boolean).join(' · ') })),
    };
  },
};
