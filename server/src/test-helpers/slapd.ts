/**
 * A throwaway OpenLDAP server (Debian's slapd) for the directory tests: its own config (slapd.conf with an
 * mdb database) in a temp folder, `users` inetOrgPerson entries loaded offline by slapadd, listening on a
 * free loopback port. The reader account has the usual size limit of 500 entries, so reading the whole
 * directory needs the paged-results control; the root account (`adminDn`) changes entries in the tests.
 * It also knows the Active Directory attributes Tessera reads (`sAMAccountName`, `userAccountControl`, with
 * AD's own OIDs, on an AD-like `user` class) and has an empty `ou=ad` for Active Directory-shaped entries.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findBinary, freePort, waitForPort } from './services';

/** A running slapd of our own. */
export interface OwnSlapd {
  url: string;
  /** `dc=example,dc=test`. */
  suffix: string;
  /** Where the users are: `ou=people,dc=example,dc=test`. */
  peopleDn: string;
  /** An empty OU for Active Directory-shaped entries (class `user`): `ou=ad,dc=example,dc=test`. */
  adDn: string;
  readerDn: string;
  readerPassword: string;
  adminDn: string;
  adminPassword: string;
  stop(): Promise<void>;
}

const SUFFIX = 'dc=example,dc=test';

/** The Active Directory attributes and class Tessera's AD mapping reads (OIDs of the AD schema, MS-ADA3 / MS-ADSC). */
const AD_SCHEMA = [
  "attributetype ( 1.2.840.113556.1.4.221 NAME 'sAMAccountName' EQUALITY caseIgnoreMatch SUBSTR caseIgnoreSubstringsMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 SINGLE-VALUE )",
  "attributetype ( 1.2.840.113556.1.4.8 NAME 'userAccountControl' EQUALITY integerMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )",
  "objectclass ( 1.2.840.113556.1.5.9 NAME 'user' SUP inetOrgPerson STRUCTURAL MAY ( sAMAccountName $ userAccountControl ) )",
  '',
].join('\n');

/** The username of the i-th generated entry (1-based): `user00001`. */
export const ldapUsername = (i: number) => `user${String(i).padStart(5, '0')}`;

function ldif(users: number): string {
  const parts = [
    `dn: ${SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example\n`,
    `dn: ou=people,${SUFFIX}\nobjectClass: organizationalUnit\nou: people\n`,
    `dn: ou=ad,${SUFFIX}\nobjectClass: organizationalUnit\nou: ad\n`,
    `dn: cn=reader,${SUFFIX}\nobjectClass: person\ncn: reader\nsn: reader\nuserPassword: reader-secret\n`,
  ];
  for (let i = 1; i <= users; i += 1) {
    const uid = ldapUsername(i);
    parts.push(`dn: uid=${uid},ou=people,${SUFFIX}\nobjectClass: inetOrgPerson\nuid: ${uid}\ncn: Given${i} Family${i}\ngivenName: Given${i}\nsn: Family${i}\nmail: ${uid}@example.test\n`);
  }
  return parts.join('\n');
}

/** Starts slapd with `users` entries (null when slapd is not installed). */
export async function startOwnSlapd(users: number): Promise<OwnSlapd | null> {
  const dirs = ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter)];
  const slapd = findBinary('slapd', dirs);
  const slapadd = findBinary('slapadd', dirs);
  if (!slapd || !slapadd) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-slapd-'));
  const dbDir = path.join(dir, 'db');
  fs.mkdirSync(dbDir);
  const conf = path.join(dir, 'slapd.conf');
  const adSchema = path.join(dir, 'ad.schema');
  fs.writeFileSync(adSchema, AD_SCHEMA);
  fs.writeFileSync(
    conf,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((schema) => `include /etc/ldap/schema/${schema}.schema`),
      `include ${adSchema}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      `argsfile ${path.join(dir, 'slapd.args')}`,
      'sizelimit 500',
      'database mdb',
      'maxsize 1073741824',
      `suffix "${SUFFIX}"`,
      `rootdn "cn=admin,${SUFFIX}"`,
      'rootpw admin-secret',
      `directory ${dbDir}`,
      `limits dn.exact="cn=reader,${SUFFIX}" size.soft=500 size.hard=500 size.prtotal=unlimited`,
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const data = path.join(dir, 'data.ldif');
  fs.writeFileSync(data, ldif(users));
  execFileSync(slapadd, ['-q', '-f', conf, '-l', data], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await freePort();
  // -d 0: stay in the foreground (no fork), so the child is the server and killing it stops it.
  const child: ChildProcess = spawn(slapd, ['-f', conf, '-h', `ldap://127.0.0.1:${port}/`, '-d', '0'], { stdio: 'ignore' });
  await waitForPort(port);
  return {
    url: `ldap://127.0.0.1:${port}`,
    suffix: SUFFIX,
    peopleDn: `ou=people,${SUFFIX}`,
    adDn: `ou=ad,${SUFFIX}`,
    readerDn: `cn=reader,${SUFFIX}`,
    readerPassword: 'reader-secret',
    adminDn: `cn=admin,${SUFFIX}`,
    adminPassword: 'admin-secret',
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
