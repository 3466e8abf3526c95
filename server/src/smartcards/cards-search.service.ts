/**
 * The smartcards search provider (admin-console §2.2 `/search/{searchType}`, issue 13 "smartcards join as their issues
 * land"): the tenant's cards by serial, ATR, card type or their user's username, newest first, each opening its
 * `/credentials/smartcards/view/{id}` page. Needs smartcardManage, as the cards list does.
 */
import type { SearchProvider } from '../platform/search-registry';
import * as repo from './cards.repository';

/** Registered by `app.ts` into the search registry. */
export const smartcardsSearchProvider: SearchProvider = {
  type: 'smartcards',
  label: 'Smartcards',
  permission: 'smartcardManage',
  async search(db, auth, { text, skip, take }) {
    const { rows, total } = await repo.pageCards(db, auth.tenantId, { ...(text ? { search: text } : {}), sort: 'createdAt', order: 'desc', page: Math.floor(skip / take) + 1, pageSize: take });
    const usernames = await repo.usernamesOf(db, auth.tenantId, rows.flatMap((row) => (row.user_id ? [row.user_id] : [])));
    return {
      totalResults: total,
      results: rows.map((row) => ({
        id: row.id,
        type: 'smartcards',
        title: row.serial_number,
        subtitle: [row.card_type, row.status, row.user_id ? (usernames.get(row.user_id) ?? '') : 'no user'].filter(Boolean).join(' · '),
      })),
    };
  },
};
