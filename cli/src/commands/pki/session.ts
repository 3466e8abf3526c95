/** The set-up shared by the `ca`, `templates` and `certs` commands: the profile's session or TESSERA_API_KEY, and look-ups by name. */
import type { CertificateAuthority, CertificateSummary } from '@tessera/domain';
import type { CliContext } from '../../context';
import { CliError, NOT_SIGNED_IN_MESSAGE } from '../../utils/errors';
import { openSession, type CliSession } from '../../utils/session';

/** A session with credentials (a signed-in profile, or TESSERA_API_KEY for CI pipelines). */
export function pkiSession(context: CliContext, server: string | undefined): CliSession {
  const session = openSession(context, { server });
  if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
  return session;
}

/** The CA of the tenant named `name` (exactly). */
export async function caByName(session: CliSession, name: string, flag = '--name'): Promise<CertificateAuthority> {
  const { cas } = await session.api.listCertificateAuthorities();
  const ca = cas.find((c) => c.friendlyName === name);
  if (!ca) throw new CliError('FAILURE', `${flag}: no certificate authority named '${name}' (${cas.length ? `known: ${cas.map((c) => c.friendlyName).join(', ')}` : 'there are none'})`);
  return ca;
}

/** Normalises a serial as the server stores it: lower-case hex, no separators or leading zeros. */
export function normaliseSerial(serial: string): string | null {
  const hex = serial.trim().toLowerCase().replace(/^0x/, '').replace(/:/g, '');
  if (!/^[0-9a-f]{1,40}$/.test(hex)) return null;
  return hex.replace(/^0+(?=.)/, '');
}

/** The one certificate with this serial (optionally of the CA named `caName`). */
export async function certificateBySerial(session: CliSession, serial: string, caName: string | undefined): Promise<CertificateSummary> {
  const hex = normaliseSerial(serial);
  if (!hex) throw new CliError('USAGE', `SERIAL must be hexadecimal (up to 40 digits), got '${serial}'`);
  const caId = caName === undefined ? undefined : (await caByName(session, caName, '--ca')).id;
  const found = await session.api.searchCertificates({ pageSize: 100, filters: { serial: hex, ...(caId ? { caId } : {}) } });
  const exact = found.results.filter((c) => c.serialNumber.replace(/^0+(?=.)/, '') === hex);
  if (exact.length === 0) throw new CliError('FAILURE', `no certificate with serial ${hex}${caName ? ` issued by '${caName}'` : ''}`);
  if (exact.length > 1) throw new CliError('USAGE', `${exact.length} certificates have serial ${hex}; name the CA with --ca (${exact.map((c) => c.caName).join(', ')})`);
  return exact[0]!;
}
