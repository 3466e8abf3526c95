/**
 * CSV import and export of users (issue 13). A file is checked whole before anything is written: a
 * malformed file (unparsable, unknown or missing columns, too many rows) is a 400 naming `csv`; a bad row
 * is reported with its row and column, and when any row is bad nothing is created. A dry run only
 * checks (the console's preview, `tessera users import --dry-run`). Imported accounts get no usable
 * password: the holder sets one through the password-reset mail. One audit event `user.import` for
 * the whole file, in the transaction that creates the users.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  USER_CSV_COLUMNS,
  USER_CSV_MAX_ROWS,
  trimUsername,
  validateText,
  validateUsername,
  type CsvRowError,
  type UserCsvColumn,
  type UsersImportResult,
} from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ValidationError } from '../platform/errors';
import { EMAIL_PATTERN } from '../platform/schemas';
import * as tenants from './tenants.repository';

/** What the import needs. */
export interface UsersImportDeps {
  db: Db;
  audit: AuditWriter;
}

/** Audit actor fields. */
export interface ImportActor {
  actorUserId: string | null;
  actorUsername: string | null;
  actorApiKeyId?: string | null;
  ip: string;
}

/**
 * The stored password hash of an imported account: not a PHC string, so no password ever verifies
 * against it (`verifyPassword` answers false) until the holder sets one by the reset mail.
 */
export const NO_PASSWORD_HASH = '!imported:no-password';

const EMAIL = new RegExp(EMAIL_PATTERN);
const MAX_LENGTH: Record<UserCsvColumn, number> = { username: 100, givenName: 100, familyName: 100, emailAddress: 254, telephone: 40, organisation: 200 };

type Record_ = Partial<Record<UserCsvColumn, string>>;

function parseCsv(csv: string): Record_[] {
  let records: Record<string, string>[];
  try {
    records = parse(csv, { columns: (header: string[]) => header.map((name) => name.trim()), skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw new ValidationError('csv', `is not a valid CSV file: ${(error as Error).message}`, { cause: error });
  }
  if (records.length === 0) throw new ValidationError('csv', 'holds no user rows');
  const header = Object.keys(records[0]!);
  const unknown = header.find((name) => !(USER_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) throw new ValidationError('csv', `has an unknown column '${unknown}' (expected ${USER_CSV_COLUMNS.join(', ')})`);
  if (!header.includes('username')) throw new ValidationError('csv', "has no 'username' column");
  if (records.length > USER_CSV_MAX_ROWS) throw new ValidationError('csv', `holds ${records.length} rows; at most ${USER_CSV_MAX_ROWS} are accepted`);
  return records as Record_[];
}

/** `POST UsersImport {csv, dryRun}`. @throws ValidationError (field `csv`) for a malformed file */
export async function importUsers(deps: UsersImportDeps, auth: AuthContext, actor: ImportActor, body: { csv: string; dryRun?: boolean }): Promise<UsersImportResult> {
  const records = parseCsv(body.csv);
  const tenant = await tenants.findById(deps.db, auth.tenantId);
  const patternOptions = tenant?.username_pattern ? { pattern: tenant.username_pattern } : {};
  const existing = new Set((await deps.db.selectFrom('users').select('username').where('tenant_id', '=', auth.tenantId).execute()).map((row) => row.username.toLowerCase()));
  const orgs = new Map((await deps.db.selectFrom('organisations').select(['id', 'name']).where('tenant_id', '=', auth.tenantId).execute()).map((row) => [row.name.toLowerCase(), row.id]));
  const errors: CsvRowError[] = [];
  const seen = new Set<string>();
  const rows: { username: string; given_name: string; family_name: string; email: string; telephone: string | null; organisation_id: string | null }[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 1;
    const fail = (column: UserCsvColumn, message: string) => errors.push({ row, column, message });
    const tooLong = USER_CSV_COLUMNS.find((column) => (record[column] ?? '').length > MAX_LENGTH[column]);
    if (tooLong) {
      fail(tooLong, `must be at most ${MAX_LENGTH[tooLong]} characters`);
      continue;
    }
    // admin-console §5 text rule, one home: domain's validateText.
    const unsafe = USER_CSV_COLUMNS.find((column) => validateText(record[column] ?? '') !== null);
    if (unsafe) {
      fail(unsafe, validateText(record[unsafe] ?? '')!);
      continue;
    }
    const username = trimUsername(record.username ?? '');
    const problem = validateUsername(username, patternOptions);
    if (problem) {
      fail('username', problem);
      continue;
    }
    const key = username.toLowerCase();
    if (existing.has(key) || seen.has(key)) {
      fail('username', existing.has(key) ? 'username is already taken' : 'username appears twice in this file');
      continue;
    }
    const email = (record.emailAddress ?? '').trim();
    if (email !== '' && !EMAIL.test(email)) {
      fail('emailAddress', 'must be an e-mail address such as name@example.com');
      continue;
    }
    const orgName = (record.organisation ?? '').trim();
    const orgId = orgName === '' ? null : orgs.get(orgName.toLowerCase());
    if (orgId === undefined) {
      fail('organisation', `'${orgName}' is not an organisation of this tenant`);
      continue;
    }
    seen.add(key);
    rows.push({ username, given_name: (record.givenName ?? '').trim(), family_name: (record.familyName ?? '').trim(), email, telephone: (record.telephone ?? '').trim() || null, organisation_id: orgId });
  }
  const result = { total: records.length, valid: rows.length, errors };
  if (body.dryRun || errors.length > 0) return { ...result, applied: false, created: 0 };
  await deps.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 1000) {
      await trx
        .insertInto('users')
        .values(rows.slice(start, start + 1000).map((row) => ({ ...row, tenant_id: auth.tenantId, password_hash: NO_PASSWORD_HASH })))
        .execute();
    }
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'user.import', targetType: 'user', targetId: null, detail: { created: rows.length } });
  });
  return { ...result, applied: true, created: rows.length };
}

/** `GET UsersExport`: every user of the tenant as CSV in the import's columns, by username. */
export async function exportUsers(deps: UsersImportDeps, auth: AuthContext): Promise<string> {
  const rows = await deps.db
    .selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.organisation_id')
    .select(['users.username', 'users.given_name', 'users.family_name', 'users.email', 'users.telephone', 'organisations.name as organisation'])
    .where('users.tenant_id', '=', auth.tenantId)
    .orderBy('users.username')
    .execute();
  return stringify(
    rows.map((row) => [row.username, row.given_name, row.family_name, row.email, row.telephone ?? '', row.organisation ?? '']),
    { header: true, columns: [...USER_CSV_COLUMNS] },
  );
}
