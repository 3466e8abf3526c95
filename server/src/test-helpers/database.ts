/**
 * A fresh, migrated database per test file. Default: PGlite, loaded from a migrated data-dir dump that
 * is built once per set of migrations and cached in the temp folder (jest gives each test file its own
 * module registry, so an in-process template cannot be shared; the dump is the cross-file `clone()`).
 * With `TESSERA_TEST_DATABASE_URL` set: a new PostgreSQL database on that server, dropped afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGliteThread } from '../db/pglite-thread';
import type { Db } from '../db/database';
import { createPGliteDb, createPostgresDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';

/** A database for one test file. */
export interface TestDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Destroys the Kysely instance and drops (PostgreSQL) or closes (PGlite) the database. */
  close(): Promise<void>;
}

const MIGRATIONS_DIR = path.join(__dirname, '..', 'db', 'migrations');

function templateKey(): string {
  const hash = createHash('sha256');
  // The PGlite build (its data-dir format) is part of the key.
  hash.update(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')));
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function templateDump(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `tessera-pglite-template-${templateKey()}.tar`);
  try {
    return fs.readFileSync(file);
  } catch {
    // Not built yet (or another worker is building it): build our own, publish it atomically.
  }
  const pglite = new PGliteThread();
  const db = createPGliteDb(pglite);
  try {
    await migrateToLatest(db);
    const dump = Buffer.from(await pglite.dumpDataDir());
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, dump);
    fs.renameSync(temp, file);
    return dump;
  } finally {
    await db.destroy();
  }
}

async function createPGliteTestDatabase(): Promise<TestDatabase> {
  const dump = await templateDump();
  const pglite = new PGliteThread({ loadDataDir: new Uint8Array(dump) });
  const db = createPGliteDb(pglite);
  return { db, kind: 'pglite', close: () => db.destroy() };
}

async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `tessera_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.toString(), 5);
  await migrateToLatest(db);
  return {
    db,
    kind: 'postgres',
    async close() {
      await db.destroy();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A fresh migrated database: PostgreSQL when `TESSERA_TEST_DATABASE_URL` is set, else PGlite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TESSERA_TEST_DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPGliteTestDatabase();
}
