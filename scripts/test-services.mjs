#!/usr/bin/env node
/**
 * Throwaway services for the server tests.
 *
 *   node scripts/test-services.mjs start   # PostgreSQL 15 (and Redis when redis-server is on PATH)
 *   node scripts/test-services.mjs stop    # stops them and removes their folders
 *   node scripts/test-services.mjs env     # prints the export lines of the running services
 *
 * `start` prints `export TESSERA_TEST_DATABASE_URL=...` (and `TESSERA_TEST_REDIS_URL=...`) lines and
 * writes the state file, so `eval "$(node scripts/test-services.mjs start)"` sets up a shell. PostgreSQL
 * refuses to run as root: when we are root, initdb and the server run as the `postgres` OS user on a
 * fresh temporary folder it owns. Running `start` again first stops what a previous run left behind.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const STATE_FILE = process.env.TESSERA_TEST_SERVICES_STATE ?? path.join(os.tmpdir(), 'tessera-test-services.json');
const PG_BIN_DIRS = ['/usr/lib/postgresql/15/bin', ...(process.env.PATH ?? '').split(path.delimiter)];

/** Logs to stderr so stdout carries only the export lines. */
function log(message) {
  process.stderr.write(`test-services: ${message}\n`);
}

function findBinary(name, dirs = (process.env.PATH ?? '').split(path.delimiter)) {
  for (const dir of dirs) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return null;
  }
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function postgresIds() {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function runPg(binary, args, options = {}) {
  const ids = isRoot ? postgresIds() : {};
  return execFileSync(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], ...ids, env: { ...process.env, LC_ALL: 'C.UTF-8' }, ...options });
}

function chownRecursive(dir, uid, gid) {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) chownRecursive(file, uid, gid);
    else fs.chownSync(file, uid, gid);
  }
}

async function startPostgres(state) {
  const initdb = findBinary('initdb', PG_BIN_DIRS);
  const pgCtl = findBinary('pg_ctl', PG_BIN_DIRS);
  if (!initdb || !pgCtl) throw new Error('initdb/pg_ctl not found (expected in /usr/lib/postgresql/15/bin)');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-pg-'));
  fs.chmodSync(root, 0o700);
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'sock');
  fs.mkdirSync(socketDir);
  if (isRoot) {
    const { uid, gid } = postgresIds();
    chownRecursive(root, uid, gid);
  }
  const port = await freePort();
  // Recorded before anything can fail, so `stop` removes the folder whatever happens next.
  state.postgres = { root, dataDir, port, pgCtl, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
  runPg(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  runPg(pgCtl, ['-D', dataDir, '-o', options, '-l', path.join(root, 'postgres.log'), '-w', '-t', '60', 'start']);
  log(`PostgreSQL on 127.0.0.1:${port} (${root})`);
}

async function startRedis() {
  const redisServer = findBinary('redis-server');
  if (!redisServer) {
    log('redis-server is not on PATH: Redis tests will be skipped');
    return null;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-redis-'));
  const port = await freePort();
  const child = spawn(
    redisServer,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', root, '--daemonize', 'no'],
    { detached: true, stdio: ['ignore', fs.openSync(path.join(root, 'redis.log'), 'a'), fs.openSync(path.join(root, 'redis.log'), 'a')] },
  );
  child.unref();
  // Wait until it accepts connections.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`Redis on 127.0.0.1:${port} (pid ${child.pid})`);
  return { root, port, pid: child.pid, url: `redis://127.0.0.1:${port}` };
}

function stopServices() {
  const state = readState();
  if (!state) return;
  if (state.postgres) {
    try {
      runPg(state.postgres.pgCtl, ['-D', state.postgres.dataDir, '-m', 'immediate', '-w', 'stop']);
      log('PostgreSQL stopped');
    } catch (error) {
      log(`PostgreSQL was not running (${String(error.message).split('\n')[0]})`);
    }
    fs.rmSync(state.postgres.root, { recursive: true, force: true });
  }
  if (state.redis) {
    try {
      process.kill(state.redis.pid, 'SIGTERM');
      log('Redis stopped');
    } catch {
      log('Redis was not running');
    }
    fs.rmSync(state.redis.root, { recursive: true, force: true });
  }
  fs.rmSync(STATE_FILE, { force: true });
}

function exportLines(state) {
  const lines = [];
  if (state.postgres) lines.push(`export TESSERA_TEST_DATABASE_URL=${state.postgres.url}`);
  if (state.redis) lines.push(`export TESSERA_TEST_REDIS_URL=${state.redis.url}`);
  return lines.join('\n');
}

async function main() {
  const command = process.argv[2];
  if (command === 'start') {
    stopServices();
    const state = { postgres: null, redis: null };
    try {
      await startPostgres(state);
      state.redis = await startRedis();
    } finally {
      fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
    }
    process.stdout.write(`${exportLines(state)}\n`);
  } else if (command === 'stop') {
    stopServices();
  } else if (command === 'env') {
    const state = readState();
    if (!state) throw new Error('no services are running (run start first)');
    process.stdout.write(`${exportLines(state)}\n`);
  } else {
    process.stderr.write('usage: node scripts/test-services.mjs start|stop|env\n');
    process.exitCode = 2;
  }
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
