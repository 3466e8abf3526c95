/**
 * The check of a CSR's signature (RFC 2986 §3, proof of possession) off the event loop. node:crypto's callback form of
 * `verify` runs the signature check on libuv's thread pool, but it decodes the SPKI into a key on the calling thread
 * first, and OpenSSL 3's decoding of an EC key (its point check) was the largest single cost of issuing on the event
 * loop (~150 µs of the ~1 ms a certificate). So the whole `crypto.verify` runs in worker threads; the event loop only
 * posts the encoded bytes and reads the answer. Where no worker can run, the callback form on this thread does it.
 */
import { verify as nodeVerify } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';

/** What a worker answers for each request: its id and whether the signature verifies (false on any error). */
interface Answer {
  id: number;
  ok: boolean;
}

/** The worker's code (plain CommonJS: it runs the same under tsx, jest and the built server). */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { verify } = require('node:crypto');
parentPort.on('message', (m) => {
  let ok = false;
  try {
    ok = verify(m.hash, m.data, { key: m.spki, format: 'der', type: 'spki' }, m.signature);
  } catch {
    ok = false;
  }
  parentPort.postMessage({ id: m.id, ok });
});
`;

const verifyOnPool = promisify(nodeVerify) as (algorithm: string, data: Uint8Array, key: { key: Buffer; format: 'der'; type: 'spki' }, signature: Uint8Array) => Promise<boolean>;

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (ok: boolean) => void; reject: (error: Error) => void }>;
}

/** Worker threads beside the event loop: one fewer than the cores (at least one, at most four). */
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
const slots: (Slot | null)[] = Array.from({ length: POOL_SIZE }, () => null);
let nextId = 1;
let nextSlot = 0;
let workersUnavailable = false;

function startSlot(index: number): Slot {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  const slot: Slot = { worker, pending: new Map() };
  // Unreferenced while idle: an idle verifier keeps no process alive.
  worker.unref();
  worker.on('message', (answer: Answer) => {
    const waiting = slot.pending.get(answer.id);
    if (!waiting) return;
    slot.pending.delete(answer.id);
    if (slot.pending.size === 0) worker.unref();
    waiting.resolve(answer.ok);
  });
  const fail = (error: Error) => {
    if (slots[index] === slot) slots[index] = null;
    for (const waiting of slot.pending.values()) waiting.reject(error);
    slot.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`CSR verifier exited (${code})`)));
  return slot;
}

/**
 * Whether `signature` over `data` verifies with the SPKI (DER) `spki` and the digest `hash` (node:crypto's check, as
 * `crypto.verify` answers it, with the signature DER-encoded for ECDSA). False on a key or signature node cannot read.
 */
export async function verifyCsrSignature(hash: string, data: Uint8Array, spki: Uint8Array, signature: Uint8Array): Promise<boolean> {
  let slot: Slot | null = null;
  if (!workersUnavailable) {
    const index = nextSlot;
    nextSlot = (nextSlot + 1) % POOL_SIZE;
    try {
      slot = slots[index] ??= startSlot(index);
    } catch {
      // No worker threads here: every check on this thread's pool.
      workersUnavailable = true;
    }
  }
  if (slot) {
    try {
      const id = nextId++;
      const answer = new Promise<boolean>((resolve, reject) => slot.pending.set(id, { resolve, reject }));
      if (slot.pending.size === 1) slot.worker.ref();
      slot.worker.postMessage({ id, hash, data, spki, signature });
      return await answer;
    } catch {
      // The worker died with this check pending (its slot starts a new one next time): this check here.
    }
  }
  try {
    return await verifyOnPool(hash, data, { key: Buffer.from(spki.buffer, spki.byteOffset, spki.byteLength), format: 'der', type: 'spki' }, signature);
  } catch {
    return false;
  }
}
