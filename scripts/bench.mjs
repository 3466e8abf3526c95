#!/usr/bin/env node
// `npm run bench`: speed and size figures of the platform, each beside its goal, measured in the same
// run on this machine. Benchmarks print numbers; they are not timed tests and never fail on a figure
// (they exit non-zero only when something could not be measured).
//
// Figures (issue 3):
//  - check-session requests per second against a bare Fastify route (goal: at least half);
//  - sign-ins per second against the raw rate of the password KDF at the same settings (goal ≥ 90%);
//  - /login: bytes of JavaScript, gzip (goal ≤ 200 KB) and ms until the sign-in form is usable in
//    Chromium, cold (goal ≤ 300 ms on loopback).
// Figures (issue 5, scripts/bench/pcsc.ts; `BENCH_ONLY=pcsc` runs just these):
//  - APDU round trips per second through pcscd + vpcd to the virtual PIV card;
//  - ms for a PIN verify + P-256 signature by the agent's PIV driver through pcscd, side by side with
//    Debian's yubico-piv-tool on the same card (goal ≤ 1.2× the tool).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Pool } from 'undici';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ADMIN = { tenantName: 'Bench', username: 'bench-admin', password: 'bench-Password-123456', emailAddress: 'bench@example.test' };

const results = [];
function report(name, value, unit, goal, ok) {
  results.push({ name, value, unit, goal, ok });
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value} ${unit}   (goal: ${goal})`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

function start(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}

/** Sends requests on `connections` parallel loops for `durationMs`; answers requests per second. */
async function load(origin, makeRequest, { connections = CONNECTIONS, durationMs = DURATION_MS, expectStatus = 200 } = {}) {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  let done = 0;
  let bad = 0;
  const end = Date.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const res = await pool.request(makeRequest());
        await res.body.dump();
        if (res.statusCode === expectStatus) done += 1;
        else bad += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  if (bad > 0 && done === 0) throw new Error(`every request failed (${bad})`);
  return { rps: done / seconds, bad };
}

/** The cookies of a response, as one Cookie header value merged into `jar`. */
function keepCookies(jar, res) {
  const set = res.headers.getSetCookie?.() ?? [];
  for (const line of set) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    jar[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return jar;
}
const cookieHeader = (jar) => Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ');

async function signIn(base, jar = {}) {
  if (!jar['XSRF-TOKEN']) keepCookies(jar, await fetch(`${base}/api2/Authentication-v1/Xsrf`));
  const res = await fetch(`${base}/api2/Authentication-v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': jar['XSRF-TOKEN'], cookie: cookieHeader(jar) },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return keepCookies(jar, res);
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
  const port = await freePort();
  const barePort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const children = [];
  try {
    children.push(
      start(['--import', 'tsx', 'server/src/server.ts'], {
        TESSERA_PORT: String(port),
        TESSERA_AGENT_GRPC_PORT: '0',
        TESSERA_DATA_DIR: dataDir,
        TESSERA_RATE_LIMIT_MAX: '100000000',
        TESSERA_LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      }),
    );
    children.push(
      start(['-e', `const f=require('fastify')({logger:false});f.post('/check',async()=>({remainingSeconds:900,expiresAt:new Date().toISOString(),absoluteExpiresAt:new Date().toISOString()}));f.listen({port:${barePort},host:'127.0.0.1'})`], {}),
    );
    await waitFor(`${base}/api2/IDM-v1/BootstrapStatus`);
    await waitFor(`http://127.0.0.1:${barePort}/`);

    // First run: the bench's own administrator.
    const jar = {};
    keepCookies(jar, await fetch(`${base}/api2/Authentication-v1/Xsrf`));
    const boot = await fetch(`${base}/api2/IDM-v1/Bootstrap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': jar['XSRF-TOKEN'], cookie: cookieHeader(jar) },
      body: JSON.stringify(ADMIN),
    });
    if (boot.status !== 201) throw new Error(`bootstrap answered ${boot.status}: ${await boot.text()}`);
    await signIn(base, jar);

    // 1. check-session against a bare Fastify route.
    const checkReq = () => ({
      path: '/api2/Authentication-v1/check-session',
      method: 'POST',
      headers: { 'x-xsrf-token': jar['XSRF-TOKEN'], cookie: cookieHeader(jar) },
    });
    await load(base, checkReq, { durationMs: 1000 }); // warm-up
    const bareReq = () => ({ path: '/check', method: 'POST' });
    await load(`http://127.0.0.1:${barePort}`, bareReq, { durationMs: 1000 });
    const check = await load(base, checkReq);
    const bare = await load(`http://127.0.0.1:${barePort}`, bareReq);
    const ratio = check.rps / bare.rps;
    report('check-session', Math.round(check.rps), 'req/s', '≥ half of the bare route', ratio >= 0.5);
    report('bare Fastify route', Math.round(bare.rps), 'req/s', 'reference', true);
    report('check-session / bare route', ratio.toFixed(2), '×', '≥ 0.50', ratio >= 0.5);

    // 2. sign-ins per second against the raw KDF rate at the same settings and concurrency.
    const { hash, verify } = await import('@node-rs/argon2');
    const kdf = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
    const stored = await hash(ADMIN.password, kdf);
    const concurrency = os.cpus().length * 2;
    const rawCount = 40;
    let t = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => { while (next++ < rawCount) await verify(stored, ADMIN.password); }));
    const rawRate = rawCount / ((performance.now() - t) / 1000);
    t = performance.now();
    next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => { while (next++ < rawCount) await signIn(base, { 'XSRF-TOKEN': jar['XSRF-TOKEN'] }); }));
    const signInRate = rawCount / ((performance.now() - t) / 1000);
    const kdfRatio = signInRate / rawRate;
    report('sign-ins', signInRate.toFixed(1), '/s', '≥ 90% of the raw KDF rate', kdfRatio >= 0.9);
    report('raw argon2id verify (m=19456 KiB, t=2, p=1)', rawRate.toFixed(1), '/s', 'reference', true);
    report('sign-ins / raw KDF', `${(kdfRatio * 100).toFixed(0)}`, '%', '≥ 90%', kdfRatio >= 0.9);

    // 3. /login in Chromium: JS bytes (gzip) and time until the form is usable, cold.
    if (!existsSync(path.join(root, 'dist', 'web', 'index.html'))) throw new Error('no build: run `npm run build` first');
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      // Sizes: every script the page loads, gzip-compressed here at level 9.
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      const bodies = [];
      page.on('response', async (res) => {
        const type = res.headers()['content-type'] ?? '';
        if (type.includes('javascript')) bodies.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gz: gzipSync(b, { level: 9 }).length })));
      });
      await page.goto(`${base}/login`);
      await page.getByLabel('Username').waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      const files = await Promise.all(bodies);
      const gz = files.reduce((s, f) => s + f.gz, 0);
      for (const f of files.sort((a, b) => b.gz - a.gz)) console.log(`       ${(f.gz / 1024).toFixed(1).padStart(6)} KB gz  ${new URL(f.url).pathname}`);
      report('/login JavaScript', (gz / 1024).toFixed(1), 'KB gzip', '≤ 200 KB', gz <= 200 * 1024);
      await ctx.close();

      // Cold time to usable: a fresh context (empty cache) each run; median of 5.
      const times = [];
      for (let i = 0; i < 5; i += 1) {
        const c = await browser.newContext();
        const p = await c.newPage();
        const t0 = performance.now();
        await p.goto(`${base}/login`, { waitUntil: 'commit' });
        const user = p.getByLabel('Username');
        await user.waitFor({ state: 'visible' });
        await p.waitForFunction(() => {
          const el = document.querySelector('input[name="username"], input#username, input[autocomplete="username"]');
          return !!el && !el.disabled;
        });
        times.push(performance.now() - t0);
        await c.close();
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      report('/login usable, cold (median of 5)', Math.round(median), 'ms', '≤ 300 ms', median <= 300);
    } finally {
      await browser.close();
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The PC/SC figures of issue 5, in a tsx child (the agent is TypeScript). */
function benchPcsc() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'bench', 'pcsc.ts')], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the PC/SC bench exited with ${code}`))));
  });
}

(process.env.BENCH_ONLY === 'pcsc' ? benchPcsc() : main().then(benchPcsc)).catch((err) => {
  console.error(`bench: ${err.message}`);
  process.exit(1);
});
