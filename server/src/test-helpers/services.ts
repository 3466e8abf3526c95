/**
 * Throwaway Redis and PostgreSQL servers a test can kill and restart (the outage tests). Same recipe as
 * scripts/test-services.mjs: PostgreSQL runs as the `postgres` OS user when we are root.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** The first executable of that name on PATH (or in `dirs`), else null. */
export function findBinary(name: string, dirs: string[] = (process.env.PATH ?? '').split(path.delimiter)): string | null {
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

/**
 * A free TCP port on 127.0.0.1, none of `except`: a port handed out earlier and not yet bound is free again, and the
 * kernel may give it to the next listen on port 0 (an ACME server was once given the http-01 port of its own test).
 */
export async function freePort(...except: number[]): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!except.includes(port)) return port;
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until something listens on 127.0.0.1:`port`. */
export async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A redis-server of our own. */
export interface OwnRedis {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts redis-server on a free port (null when it is not installed). */
export async function startOwnRedis(): Promise<OwnRedis | null> {
  const binary = findBinary('redis-server');
  if (!binary) return null;
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-outage-redis-'));
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    await waitForPort(port);
  };
  const kill = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async stop() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL server of our own. */
export interface OwnPostgres {
  url: string;
  kill(): void;
  start(): Promise<void>;
  stop(): void;
}

/** Starts PostgreSQL 15 on a free port (null when its binaries are not installed). */
export async function startOwnPostgres(): Promise<OwnPostgres | null> {
  const dirs = [PG_BIN, ...(process.env.PATH ?? '').split(path.delimiter)];
  const initdb = findBinary('initdb', dirs);
  const pgCtl = findBinary('pg_ctl', dirs);
  if (!initdb || !pgCtl) return null;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const ids = isRoot
    ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) }
    : {};
  const run = (binary: string, args: string[]) => execFileSync(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], ...ids, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-outage-pg-'));
  fs.chmodSync(root, 0o700);
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'sock');
  fs.mkdirSync(socketDir);
  if ('uid' in ids && ids.uid !== undefined) {
    fs.chownSync(root, ids.uid, ids.gid);
    fs.chownSync(socketDir, ids.uid, ids.gid);
  }
  const port = await freePort();
  run(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  // The outage tests kill this server with `pg_ctl -m immediate`: a commit must be in the WAL (in the OS's
  // cache, which outlives the process) before it returns, so no `synchronous_commit=off` here. With it, a
  // session written just before the kill was now and then lost, and the test saw 401 after the restart.
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    run(pgCtl, ['-D', dataDir, '-o', options, '-l', path.join(root, 'postgres.log'), '-w', '-t', '60', 'start']);
  };
  const kill = () => {
    try {
      run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running
    }
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    kill,
    start,
    stop() {
      kill();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
