/**
 * The check of a CSR's signature (RFC 2986 §3, proof of possession) and the signature of the certificate issued for
 * it, off the event loop, in one round trip to a worker thread. node:crypto's callback form of `verify` runs the check
 * on libuv's thread pool, but it decodes the SPKI into a key on the calling thread first, and OpenSSL 3's decoding of
 * an EC key (its point check) was the largest single cost of issuing on the event loop (~150 µs of the ~1 ms a
 * certificate). So the whole `crypto.verify` runs in worker threads; the event loop only posts the encoded bytes and
 * reads the answer. The same message carries the TBSCertificate to sign: the worker signs it with the CA's key only
 * after the CSR's signature held (nothing is signed for a request whose proof of possession fails), so one message
 * each way replaces two round trips (the check in the worker, then the signature on libuv's thread pool).
 * In the worker, a NIST-curve key whose SPKI is the curve's usual header and an uncompressed point is imported from the
 * point (WebCrypto's 'raw' import, which checks that the point is on the curve), not through OpenSSL 3's DER decoders:
 * the same key, the check's CPU about halved (~130 against ~255 µs for P-256 on this machine).
 *
 * The CA's private key is a node KeyObject (cloneable to worker threads); it is posted to each worker once, with the
 * first signature it asks of that worker, and kept there under a number until the KeyObject is collected on this
 * thread. It never leaves the process and is never logged: errors carry node's message, never the key.
 * Where no worker can run, the callback forms on this thread do the same, in the same order.
 */
import { KeyObject, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';

/** What a worker answers for each request: its id, whether the signature verifies (false on any error), and the certificate's signature or why signing failed. */
interface Answer {
  id: number;
  ok: boolean;
  signature?: Uint8Array;
  signError?: string;
  /** The signatures the worker has made so far (every answer carries its count). */
  signed: number;
  /** The keys the worker has imported from their EC point so far. */
  fromPoint: number;
}

/** A signature check: `signature` over `data` with the SPKI (DER) `spki` and the digest `hash` (node:crypto names). */
export interface SignatureCheck {
  hash: string;
  data: Uint8Array;
  spki: Uint8Array;
  signature: Uint8Array;
}

/** What to sign once the check holds: `data` with the private `key` and the digest `hash` (node:crypto's `sign`). */
export interface SignRequest {
  hash: string;
  data: Uint8Array;
  key: KeyObject;
}

/** The worker's code (plain CommonJS: it runs the same under tsx, jest and the built server). */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { verify, sign, generateKeyPairSync, KeyObject, webcrypto } = require('node:crypto');
const keys = new Map();
let signed = 0;
let fromPoint = 0;
// The SPKI of an EC key on a NIST curve whose point is uncompressed is a header that depends only on the curve
// (RFC 5480 §2: id-ecPublicKey, the curve's OID, the BIT STRING's tag and length) followed by the point. The headers are
// taken from keys node makes here, so that no encoding is written by hand. For an SPKI that is exactly a header and an
// uncompressed point, the key is imported from the point (WebCrypto's 'raw' import, which refuses a point off the curve)
// instead of through OpenSSL's DER decoders: the same key, for about half the CPU of the check.
const EC_SPKI = [['P-256', 32], ['P-384', 48], ['P-521', 66]].map(([namedCurve, size]) => {
  const spki = generateKeyPairSync('ec', { namedCurve }).publicKey.export({ format: 'der', type: 'spki' });
  const pointLength = 1 + 2 * size;
  return { namedCurve, header: spki.subarray(0, spki.length - pointLength), pointLength };
});
function ecPointOf(spki) {
  for (const { namedCurve, header, pointLength } of EC_SPKI) {
    if (spki.length !== header.length + pointLength || spki[header.length] !== 4) continue;
    if (Buffer.compare(header, spki.subarray(0, header.length)) === 0) return { namedCurve, point: spki.subarray(header.length) };
  }
  return null;
}
async function publicKeyOf(spki) {
  const ec = ecPointOf(Buffer.from(spki.buffer, spki.byteOffset, spki.byteLength));
  if (!ec) return { key: spki, format: 'der', type: 'spki' };
  fromPoint += 1;
  return KeyObject.from(await webcrypto.subtle.importKey('raw', ec.point, { name: 'ECDSA', namedCurve: ec.namedCurve }, true, ['verify']));
}
async function answer(m) {
  let ok = false;
  try {
    ok = verify(m.hash, m.data, await publicKeyOf(m.spki), m.signature);
  } catch {
    ok = false;
  }
  if (!ok || m.sign === undefined) {
    parentPort.postMessage({ id: m.id, ok, signed, fromPoint });
    return;
  }
  try {
    const key = keys.get(m.keyId);
    if (!key) throw new Error('no such signing key');
    // A copy of its own (a small Buffer may be a view of node's shared pool, which a message would copy whole).
    const signature = new Uint8Array(sign(m.sign.hash, m.sign.data, key));
    signed += 1;
    parentPort.postMessage({ id: m.id, ok, signature, signed, fromPoint });
  } catch (error) {
    parentPort.postMessage({ id: m.id, ok, signError: error instanceof Error ? error.message : String(error), signed, fromPoint });
  }
}
parentPort.on('message', (m) => {
  if (m.forget !== undefined) {
    keys.delete(m.forget);
    return;
  }
  // The key is kept as the message comes (a later message may ask for it before this one's check ends).
  if (m.key) keys.set(m.keyId, m.key);
  void answer(m);
});
`;

const verifyOnPool = promisify(nodeVerify) as (algorithm: string, data: Uint8Array, key: { key: Buffer; format: 'der'; type: 'spki' }, signature: Uint8Array) => Promise<boolean>;
/** node:crypto's sign in its callback form: the signature is computed on libuv's thread pool, beside the event loop. */
const signOnPool = promisify(nodeSign) as (algorithm: string, data: Uint8Array, key: KeyObject) => Promise<Buffer>;

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>;
  /** The numbers of the signing keys this worker holds. */
  keys: Set<number>;
  /** The signatures the worker said it made, as of its last answer. */
  signed: number;
  /** The keys the worker said it imported from their EC point, as of its last answer. */
  fromPoint: number;
}

/** Worker threads beside the event loop: one fewer than the cores (at least one, at most four). */
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
const slots: (Slot | null)[] = Array.from({ length: POOL_SIZE }, () => null);
let nextId = 1;
let nextSlot = 0;
let workersUnavailable = false;

/** The signing keys by number; a collected KeyObject is dropped by the workers that hold it. */
const keyIds = new WeakMap<KeyObject, number>();
let nextKeyId = 1;
const forgetKeys = new FinalizationRegistry<number>((keyId) => {
  for (const slot of slots) {
    if (!slot?.keys.delete(keyId)) continue;
    slot.worker.postMessage({ forget: keyId });
  }
});
function keyIdOf(key: KeyObject): number {
  let id = keyIds.get(key);
  if (id === undefined) {
    id = nextKeyId++;
    keyIds.set(key, id);
    forgetKeys.register(key, id);
  }
  return id;
}

/** Signatures made, by where (for tests and figures): in the workers (as they count them), on libuv's thread pool. */
export const signerStats = { inWorker: 0, onPool: 0 };

/** The CSR keys the workers imported from their EC point rather than through OpenSSL's DER decoding (for tests and figures). */
export const verifierStats = { keysFromPoint: 0 };

class SigningFailed extends Error {
  constructor(reason: string) {
    super(`The certificate could not be signed: ${reason}`);
    this.name = 'SigningFailed';
  }
}

function startSlot(index: number): Slot {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  const slot: Slot = { worker, pending: new Map(), keys: new Set(), signed: 0, fromPoint: 0 };
  // Unreferenced while idle: an idle verifier keeps no process alive.
  worker.unref();
  worker.on('message', (answer: Answer) => {
    const waiting = slot.pending.get(answer.id);
    if (!waiting) return;
    slot.pending.delete(answer.id);
    if (slot.pending.size === 0) worker.unref();
    signerStats.inWorker += answer.signed - slot.signed;
    slot.signed = answer.signed;
    verifierStats.keysFromPoint += answer.fromPoint - slot.fromPoint;
    slot.fromPoint = answer.fromPoint;
    waiting.resolve(answer);
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

/** The next worker (started when needed), or null where worker threads cannot run. */
function nextWorker(): Slot | null {
  if (workersUnavailable) return null;
  const index = nextSlot;
  nextSlot = (nextSlot + 1) % POOL_SIZE;
  try {
    return (slots[index] ??= startSlot(index));
  } catch {
    // No worker threads here: everything on this thread's pool.
    workersUnavailable = true;
    return null;
  }
}

async function ask(slot: Slot, check: SignatureCheck, sign?: SignRequest): Promise<Answer> {
  const id = nextId++;
  const answer = new Promise<Answer>((resolve, reject) => slot.pending.set(id, { resolve, reject }));
  if (slot.pending.size === 1) slot.worker.ref();
  const message: Record<string, unknown> = { id, hash: check.hash, data: check.data, spki: check.spki, signature: check.signature };
  if (sign) {
    const keyId = keyIdOf(sign.key);
    message.sign = { hash: sign.hash, data: sign.data };
    message.keyId = keyId;
    // The key goes to this worker with the first signature asked of it (messages arrive in order).
    if (!slot.keys.has(keyId)) {
      message.key = sign.key;
      slot.keys.add(keyId);
    }
  }
  slot.worker.postMessage(message);
  return answer;
}

async function verifyOnThisThread(check: SignatureCheck): Promise<boolean> {
  try {
    return await verifyOnPool(check.hash, check.data, { key: Buffer.from(check.spki.buffer, check.spki.byteOffset, check.spki.byteLength), format: 'der', type: 'spki' }, check.signature);
  } catch {
    return false;
  }
}

/**
 * Whether `signature` over `data` verifies with the SPKI (DER) `spki` and the digest `hash` (node:crypto's check, as
 * `crypto.verify` answers it, with the signature DER-encoded for ECDSA). False on a key or signature node cannot read.
 */
export async function verifyCsrSignature(hash: string, data: Uint8Array, spki: Uint8Array, signature: Uint8Array): Promise<boolean> {
  const check = { hash, data, spki, signature };
  const slot = nextWorker();
  if (slot) {
    try {
      return (await ask(slot, check)).ok;
    } catch {
      // The worker died with this check pending (its slot starts a new one next time): this check here.
    }
  }
  return verifyOnThisThread(check);
}

/**
 * Checks the CSR's signature and, only if it holds, signs `sign.data` with the CA's key, in one round trip to a
 * worker. Answers `{ verified: false }` (and signs nothing) for a signature that does not verify, else the
 * certificate's signature (node:crypto's `sign`: DER for ECDSA).
 * @throws Error when the signature cannot be made (the key and the digest do not fit): no certificate.
 */
export async function verifyCsrAndSign(check: SignatureCheck, sign: SignRequest): Promise<{ verified: false } | { verified: true; signature: Buffer }> {
  const slot = nextWorker();
  if (slot) {
    let answer: Answer | null = null;
    try {
      answer = await ask(slot, check, sign);
    } catch {
      // The worker died with this request pending: checked and signed on this thread.
    }
    if (answer) {
      if (!answer.ok) return { verified: false };
      if (answer.signError !== undefined || !answer.signature) throw new SigningFailed(answer.signError ?? 'no signature');
      return { verified: true, signature: Buffer.from(answer.signature.buffer, answer.signature.byteOffset, answer.signature.byteLength) };
    }
  }
  if (!(await verifyOnThisThread(check))) return { verified: false };
  return { verified: true, signature: await signBesideLoop(sign) };
}

/**
 * Signs `sign.data` with node:crypto's callback `sign`, on libuv's thread pool beside the event loop: for a CSR whose
 * signature another check proved (the algorithms node:crypto does not check here), and where no worker runs.
 * @throws Error when the signature cannot be made (the key and the digest do not fit).
 */
export async function signBesideLoop(sign: SignRequest): Promise<Buffer> {
  let signature: Buffer;
  try {
    signature = await signOnPool(sign.hash, sign.data, sign.key);
  } catch (error) {
    throw new SigningFailed(error instanceof Error ? error.message : String(error));
  }
  signerStats.onPool += 1;
  return signature;
}
