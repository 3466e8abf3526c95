/**
 * The certificates search provider (admin-console §2.2 `/search/{searchType}`, issue 13 "certificates … join as their
 * issues land"): the tenant's certificates whose subject contains the text or whose serial starts with it, newest
 * first, each opening its `/credentials/certificates/view/{caId:serial}` page. Needs certView.
 */
import { formatCertId } from '@tessera/domain';
import type { SearchProvider } from '../platform/search-registry';
import { likePattern } from '../platform/like-pattern';
import { cappedCount } from '../platform/capped-count';

/** Registered by `app.ts` into the search registry. */
export const certificatesSearchProvider: SearchProvider = {
  type: 'certificates',
  label: 'Certificates',
  permission: 'certView',
  async search(db, auth, { text, skip, take }) {
    let query = db.selectFrom('certificates as c').where('c.tenant_id', '=', auth.tenantId);
    if (text) {
      // A serial is hex, written with or without colons; the subject is matched as typed.
      const serial = /^[0-9a-f:]+$/i.test(text) ? text.toLowerCase().replace(/:/g, '') : '';
      query = query.where((eb) => eb.or([eb('c.subject', 'ilike', likePattern(text)), ...(serial ? [eb('c.serial_number', 'like', `${serial}%`)] : [])]));
    }
    const { totalResults, totalCapped } = await cappedCount(db, query, skip, take);
    const rows = await query
      .leftJoin('certificate_authorities as ca', 'ca.id', 'c.ca_id')
      .select(['c.id', 'c.ca_id', 'ca.friendly_name as ca_name', 'c.serial_number', 'c.subject', 'c.status', 'c.not_after'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(take)
      .offset(skip)
      .execute();
    return {
      totalResults,
      ...(totalCapped ? { totalCapped } : {}),
      results: rows.map((row) => ({
        id: formatCertId(row.ca_id ?? 'external', row.serial_number),
        type: 'certificates',
        title: row.subject,
        subtitle: [row.serial_number, row.status, row.ca_name ?? '', `valid to ${row.not_after.toISOString().slice(0, 10)}`].filter(Boolean).join(' · '),
      })),
    };
  },
};
