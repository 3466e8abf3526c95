/**
 * The `tessera-agent` command.
 *
 *   tessera-agent                                  run the agent (TESSERA_AGENT_* configure it)
 *   tessera-agent virtual-card insert --reader N   put the virtual card back into virtual reader N of the running agent
 *   tessera-agent virtual-card remove --reader N   take it out
 *   tessera-agent virtual-card insert --reader N --vpcd [--host H] [--management-algorithm aes192|aes128|aes256|3des]
 *                                                  run a virtual card in pcscd's vpcd reader N (TCP 35963+N) until stopped
 *   tessera-agent virtual-card remove --reader N --vpcd
 *                                                  stop the card started with --vpcd for reader N
 */
import { parseArgs } from 'node:util';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAgentConfig } from './config';
import { createAgent } from './agent';
import { VirtualPivCard, ALGORITHM } from '@tessera/card';
import { insertIntoVpcd } from './virtual-card/vpcd';

const USAGE = `usage: tessera-agent
       tessera-agent virtual-card insert|remove --reader N [--vpcd [--host H]]`;

function fail(message: string): never {
  process.stderr.write(`tessera-agent: ${message}\n`);
  process.exit(1);
}

function pidFile(reader: number): string {
  return path.join(os.tmpdir(), 'tessera-agent', `vpcd-card-${reader}.pid`);
}

async function virtualCard(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: {
      reader: { type: 'string', default: '0' },
      vpcd: { type: 'boolean', default: false },
      host: { type: 'string', default: '127.0.0.1' },
      'management-algorithm': { type: 'string', default: 'aes192' },
    },
  });
  const action = positionals[0];
  const reader = Number(values.reader);
  if ((action !== 'insert' && action !== 'remove') || !Number.isInteger(reader) || reader < 0) fail(USAGE);
  if (values.vpcd) {
    const file = pidFile(reader);
    if (action === 'remove') {
      let pid: number;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        fail(`no virtual card runs in vpcd reader ${reader}`);
      }
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        fail(`the virtual card process ${pid} is gone`);
      }
      rmSync(file, { force: true });
      return;
    }
    const algorithms: Record<string, number> = { aes128: ALGORITHM.AES_128, aes192: ALGORITHM.AES_192, aes256: ALGORITHM.AES_256, '3des': ALGORITHM.TDES };
    const managementAlgorithm = algorithms[values['management-algorithm'] ?? 'aes192'];
    if (managementAlgorithm === undefined) fail(`--management-algorithm must be one of ${Object.keys(algorithms).join(', ')}`);
    const card = new VirtualPivCard({ managementAlgorithm });
    const insertion = await insertIntoVpcd(card, { reader, host: values.host, ...(process.env.TESSERA_VCARD_TRACE === '1' ? { trace: (line: string) => process.stderr.write(`vcard: ${line}\n`) } : {}) }).catch((error: Error) => fail(`cannot reach vpcd on ${values.host}:${35963 + reader} (${error.message}); is pcscd with vsmartcard-vpcd running?`));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, String(process.pid));
    process.stdout.write(`virtual card ${card.serial} inserted into vpcd reader ${reader}\n`);
    const stop = async () => {
      await insertion.remove();
      rmSync(file, { force: true });
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop());
    process.on('SIGINT', () => void stop());
    await insertion.closed;
    rmSync(file, { force: true });
    return;
  }
  const config = loadAgentConfig();
  const response = await fetch(`http://127.0.0.1:${config.port}/virtual-card/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reader }),
  }).catch((error: Error) => fail(`cannot reach the agent on 127.0.0.1:${config.port} (${error.message})`));
  const body = (await response.json()) as { message?: string; readerName?: string };
  if (!response.ok) fail(body.message ?? `agent answered ${response.status}`);
  process.stdout.write(`${action === 'insert' ? 'inserted into' : 'removed from'} ${body.readerName}\n`);
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'virtual-card') return virtualCard(rest);
  if (command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command !== undefined) fail(USAGE);
  const config = loadAgentConfig();
  const agent = createAgent(config);
  const port = await agent.listen();
  process.stdout.write(`tessera-agent listening on http://${config.host}:${port} (readers: ${config.readers}; origins: ${config.origins.join(', ') || 'none'})\n`);
  const shutdown = () => {
    agent.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: Error) => fail(error.message));
