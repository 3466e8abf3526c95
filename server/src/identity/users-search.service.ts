/** The identity area's search providers (admin-console §2.2 `/search/{searchType}`): users and organisations. */
import type { SearchProvider } from '../platform/search-registry';
import * as users from './users.repository';
import * as organisations from './organisations.repository';

/** Registered by `app.ts` into the search registry. */
export const usersSearchProvider: SearchProvider = {
  type: 'users',
  label: 'Users',
  permission: 'userView',
  async search(db, auth, { text, skip, take }) {
    const { totalResults, totalCapped, rows } = await users.list(db, auth.tenantId, { skip, take, ...(text ? { search: text } : {}), sortField: 'username', sortDirection: 'asc' });
    return {
      totalResults,
      ...(totalCapped ? { totalCapped } : {}),
      results: rows.map((row) => ({ id: row.id, type: 'users', title: row.username, subtitle: [`${row.given_name} ${row.family_name}`.trim(), row.email].filter(Boolean).join(' · ') })),
    };
  },
};

/** The organisations search provider (admin-console §2.2 `/search/organisations`): name, type or business number. */
export const organisationsSearchProvider: SearchProvider = {
  type: 'organisations',
  label: 'Organisations',
  permission: 'orgView',
  async search(db, auth, { text, skip, take }) {
    const { total, rows } = await organisations.list(db, auth.tenantId, { skip, take, ...(text ? { search: text } : {}) });
    return {
      totalResults: total,
      results: rows.map((row) => ({ id: row.id, type: 'organisations', title: row.name, subtitle: [row.type, row.business_number ?? ''].filter(Boolean).join(' · ') })),
    };
  },
};
