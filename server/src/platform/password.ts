/**
 * Password hashing: argon2id at the OWASP Password Storage Cheat Sheet's first recommended setting
 * (m = 19 MiB, t = 2, p = 1). A dummy hash is verified when the user does not exist, so the time of a
 * failed sign-in does not tell whether the account exists.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id (the const enum of @node-rs/argon2 cannot be read under isolatedModules). */
const ARGON2ID = 2 as Algorithm;

/** The KDF settings (also used by the benchmark to measure the raw rate). */
export const PASSWORD_HASH_OPTIONS = Object.freeze({ algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });

/** Hashes a password (PHC string). */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** Checks a password against a PHC string; false on any mismatch or malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification against a hash nobody can match. Always false. */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
