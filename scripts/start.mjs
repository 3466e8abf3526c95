#!/usr/bin/env node
/**
 * `npm start`: builds the web console when `dist/web` is missing or older than its sources (the build
 * takes a couple of seconds), then runs the server (`server/src/server.ts` through tsx) with the
 * embedded defaults: PGlite in ./data, listening on 127.0.0.1:8080 and opened at http://localhost:8080
 * (a name, not an IP address: passkeys need one as WebAuthn RP ID). SIGINT and SIGTERM are passed on to the
 * server, which closes gracefully; this process exits with the server's exit code.
 *
 * Options: `--build` always builds, `--no-build` never does. Environment: every TESSERA_* variable of
 * the server (TESSERA_HOST, TESSERA_PORT, TESSERA_DATA_DIR, TESSERA_DATABASE_URL, ...).
 *
 * It also starts the local security client (`tessera-agent`, issue 5) on 127.0.0.1:8802 (or
 * TESSERA_AGENT_PORT) with the console's own origin in its allow-list and one virtual reader holding a
 * virtual PIV card, so a new user sees a card at once. `--no-agent` leaves it out; an agent already
 * listening on that port is left alone. The server is told the agent's address (`TESSERA_AGENT_URL`),
 * which it hands to the console (`GET /api2/CMS-v2/CMSClientLocalAddress`).
 */
import { spawn } from 'node:child_process';
import { SERVER_NODE_OPTIONS } from './server-node-options.mjs';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const webDir = path.resolve(process.env.TESSERA_WEB_DIR?.trim() || path.join(root, 'dist', 'web'));
const stamp = path.join(webDir, 'build-manifest.json');

/** Newest modification time (ms) of the files under `dir` (node_modules left out). */
function newest(dir) {
  let latest = 0;
  let stat;
  try {
    stat = statSync(dir);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(dir, entry.name)));
  }
  return latest;
}

/** Whether the console must be (re)built: no build yet, or a source newer than the last build. */
function needsBuild() {
  if (!existsSync(stamp) || !existsSync(path.join(webDir, 'index.html'))) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = [
    path.join(root, 'importmap.json'),
    path.join(root, 'package-lock.json'),
    path.join(root, 'root-config', 'src'),
    path.join(root, 'scripts', 'build.mjs'),
    path.join(root, 'scripts', 'build'),
  ];
  for (const group of ['apps', 'shared-deps']) {
    const base = path.join(root, group);
    if (!existsSync(base)) continue;
    for (const pkg of readdirSync(base)) sources.push(path.join(base, pkg, 'src'));
  }
  return sources.some((source) => newest(source) > built);
}

/** Runs `node scripts/build.mjs`; resolves with its exit code. */
function runBuild() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Resolves once something accepts connections on host:port (or after `timeoutMs`, with false). */
async function waitForPort(host, port, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  for (let first = true; first || (Date.now() < deadline && isAlive()); first = false) {
    const open = await new Promise((resolve) => {
      const socket = net.connect({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function main() {
  if (!args.has('--no-build') && (args.has('--build') || needsBuild())) {
    const code = await runBuild();
    if (code !== 0) {
      console.error('start: the web console build failed; fix it or run with --no-build');
      process.exit(code);
    }
  } else if (!existsSync(path.join(webDir, 'index.html'))) {
    console.warn(`start: ${webDir} has no build; the console pages will not be served (run npm run build)`);
  }

  const host = process.env.TESSERA_HOST?.trim() || '127.0.0.1';
  const port = Number(process.env.TESSERA_PORT?.trim() || 8080);
  const probeHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  if (port > 0 && (await waitForPort(probeHost, port, 1, () => true))) {
    console.error(`start: ${host}:${port} is already in use; stop what listens there or set TESSERA_PORT`);
    process.exit(1);
  }
  const agentPort = Number(process.env.TESSERA_AGENT_PORT?.trim() || 8802);
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, '--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TESSERA_WEB_DIR: webDir, TESSERA_AGENT_URL: process.env.TESSERA_AGENT_URL?.trim() || `http://127.0.0.1:${agentPort}` },
  });
  let exited = false;
  const forward = (signal) => {
    if (!exited) child.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  child.on('exit', (code, signal) => {
    exited = true;
    process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
  });

  if (port > 0 && (await waitForPort(probeHost, port, 120_000, () => !exited))) {
    const shown = host.includes(':') ? `[${host}]` : host;
    // The server prints the same address (localhost for a loopback listen address: passkeys need a name).
    const loopback = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
    const open = process.env.TESSERA_PUBLIC_URL?.trim() || `http://${loopback ? 'localhost' : shown}:${port}/`;
    console.log(`Tessera console: ${open} (first run: open it to set up the first administrator)`);
    if (!args.has('--no-agent')) await startAgent(shown, port, agentPort, () => exited, child);
  }
}

/** Starts the local security client with one virtual reader holding a virtual card (issue 5). */
async function startAgent(shownHost, port, agentPort, serverExited, server) {
  if (await waitForPort('127.0.0.1', agentPort, 1, () => true)) {
    console.warn(`start: something already listens on 127.0.0.1:${agentPort}; not starting another security client`);
    return;
  }
  const origins = new Set([`http://${shownHost}:${port}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`]);
  if (process.env.TESSERA_PUBLIC_URL?.trim()) origins.add(new URL(process.env.TESSERA_PUBLIC_URL.trim()).origin);
  const agent = spawn(process.execPath, [path.join(root, 'agent', 'bin', 'tessera-agent.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      TESSERA_AGENT_PORT: String(agentPort),
      TESSERA_AGENT_ORIGINS: process.env.TESSERA_AGENT_ORIGINS?.trim() || [...origins].join(','),
      TESSERA_AGENT_READERS: process.env.TESSERA_AGENT_READERS?.trim() || 'virtual',
      TESSERA_AGENT_VIRTUAL_READERS: process.env.TESSERA_AGENT_VIRTUAL_READERS?.trim() || '1',
    },
  });
  let agentExited = false;
  agent.on('exit', () => (agentExited = true));
  // The agent ends with the server (signals reach both; a server crash stops the agent too).
  server.on('exit', () => {
    if (!agentExited) agent.kill('SIGTERM');
  });
  process.on('exit', () => {
    if (!agentExited) agent.kill('SIGTERM');
  });
  if (serverExited()) agent.kill('SIGTERM');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
