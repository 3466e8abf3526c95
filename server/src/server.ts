/**
 * Entry point: builds the app from the environment, listens on TESSERA_HOST:TESSERA_PORT, prints the
 * console's URL (`consoleUrl`: localhost for a loopback listen address), and closes gracefully on SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { buildApp } from './app';
import { consoleUrl, loadConfig } from './platform/config';
import { enrolmentDepsOf } from './enrolment/enrolment.routes';
import { httpsMaterial } from './enrolment/tls.service';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 15_000;
  app.server.keepAliveTimeout = 10_000;

  let https: HttpsServer | null = null;
  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    https?.close();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => close('SIGINT'));
  process.once('SIGTERM', () => close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const agentTls =
    config.agentGrpcTlsCert && config.agentGrpcTlsKey ? { cert: readFileSync(config.agentGrpcTlsCert), key: readFileSync(config.agentGrpcTlsKey) } : undefined;
  const agentPort = await app.agentHub.listen(config.agentGrpcHost, config.agentGrpcPort, agentTls);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The HTTPS listener (TESSERA_HTTPS_PORT): the same app over TLS, asking for (not requiring) client
  // certificates, which the EST routes check against the template's CA.
  let httpsNote = '';
  if (config.httpsPort !== null) {
    const tls = await httpsMaterial(enrolmentDepsOf(app), config);
    const server = createHttpsServer({ cert: tls.cert, key: tls.key, ca: tls.ca, requestCert: true, rejectUnauthorized: false }, (req, res) => app.routing(req, res));
    server.requestTimeout = 30_000;
    server.headersTimeout = 15_000;
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(config.httpsPort ?? 0, config.host, () => resolve()));
    https = server;
    const httpsAddress = server.address();
    httpsNote = `; HTTPS on port ${typeof httpsAddress === 'object' && httpsAddress ? httpsAddress.port : config.httpsPort} (${tls.source === 'files' ? 'TESSERA_TLS_CERT' : 'certificate from a Tessera CA'})`;
  }
  // A name, not an IP address: passkeys need a valid WebAuthn RP ID (signin §4).
  console.log(`Tessera is running at ${consoleUrl(config, port)} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}; agents: gRPC${agentTls ? ' over TLS' : ''} on ${config.agentGrpcHost}:${agentPort}${httpsNote})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
