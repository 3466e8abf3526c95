import { defineConfig } from '@playwright/test';
import path from 'node:path';

/**
 * End-to-end tests in Debian's Chromium against the real server and database (PGlite in a fresh
 * folder per run). Two servers: the main one, and one with a 10-second idle session for the
 * keep-alive journey.
 */
const root = path.resolve(__dirname, '..');
const runDir = path.join(root, 'tests', '.results');
export const MAIN_PORT = Number(process.env.TESSERA_E2E_PORT ?? 18765);
export const SHORT_SESSION_PORT = MAIN_PORT + 1;
/** Port of the SMTP listener the password-reset journey starts (the main server sends mail there). */
export const SMTP_PORT = MAIN_PORT + 2;
/** The local security client of the readers journey (virtual reader with a virtual card). */
export const AGENT_E2E_PORT = MAIN_PORT + 3;
/** The http-01 responder of the ACME journey: the main server validates http-01 on this port (issue 17). */
export const ACME_HTTP01_E2E_PORT = MAIN_PORT + 4;

function server(port: number, name: string, extraEnv: Record<string, string> = {}) {
  const dataDir = path.join(runDir, `data-${name}`);
  return {
    command: `rm -rf "${dataDir}" && node --import tsx server/src/server.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api2/IDM-v1/BootstrapStatus`,
    reuseExistingServer: false,
    // A loaded machine (shared 2 cores) can take over a minute to open PGlite and migrate.
    timeout: Number(process.env.TESSERA_E2E_SERVER_TIMEOUT_MS ?? 60_000),
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      TESSERA_HOST: '127.0.0.1',
      TESSERA_PORT: String(port),
      // Reset links are built from the public URL only (issue 18); the tests browse 127.0.0.1.
      TESSERA_PUBLIC_URL: `http://127.0.0.1:${port}`,
      TESSERA_DATA_DIR: dataDir,
      TESSERA_WEB_DIR: path.join(root, 'dist', 'web'),
      // Each server's agent hub listens on its own gRPC port (tests run side by side).
      TESSERA_AGENT_GRPC_PORT: String(port + 100),
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(runDir, 'artifacts'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'bootstrap', testMatch: /bootstrap\.spec\.ts/ },
    { name: 'console', testIgnore: /bootstrap\.spec\.ts/, dependencies: ['bootstrap'] },
  ],
  webServer: [
    server(MAIN_PORT, 'main', { TESSERA_SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, TESSERA_ACME_HTTP01_PORT: String(ACME_HTTP01_E2E_PORT) }),
    server(SHORT_SESSION_PORT, 'short-session', { TESSERA_SESSION_IDLE_SECONDS: '10' }),
    {
      // A fresh data directory each run: the VSCs of the temporary cards journey live there (issue 15).
      command: `rm -rf "${path.join(runDir, 'agent-data')}" && node agent/bin/tessera-agent.mjs`,
      cwd: root,
      url: `http://127.0.0.1:${AGENT_E2E_PORT}/version`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        TESSERA_AGENT_PORT: String(AGENT_E2E_PORT),
        TESSERA_AGENT_ORIGINS: `http://127.0.0.1:${MAIN_PORT}`,
        TESSERA_AGENT_READERS: 'virtual',
        TESSERA_AGENT_VIRTUAL_READERS: '1',
        TESSERA_AGENT_PRINTER_DIR: path.join(runDir, 'printed-cards'),
        TESSERA_AGENT_DATA_DIR: path.join(runDir, 'agent-data'),
        // A test key for the VSCs at rest (never a real one).
        TESSERA_AGENT_VSC_KEY: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
      },
    },
  ],
});
