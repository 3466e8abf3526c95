/**
 * Secret questions for self-service PIN reset (signin §3 "Secret question", §5, §7, §9). The browser
 * hashes each answer before it leaves the machine; the server keeps only an argon2id hash of what it
 * receives. The question texts, the count and the length limits live here once, for the self app, the
 * anonymous portal, the CLI and the server's validation.
 */
import { PBKDF2_ITERATIONS, SECRET_ANSWER_HASH_BITS, SECRET_ANSWER_SALT_BYTES } from '../../auth/constants';
import { bytesToHex, hexToBytes } from '../../common/validation/hexToBytes';
import { SMARTCARD_MESSAGES as MESSAGES } from '../messages';

/** The last fixed question: the user writes their own (signin §9, quoted). */
export const WRITE_YOUR_OWN_QUESTION = 'Write your own question';

/**
 * The 8 fixed security questions, in the spec's order (signin §9 names the topics; the question wording
 * is designed, the last text is the spec's).
 */
export const SECURITY_QUESTIONS: readonly string[] = Object.freeze([
  'What was the first street you lived on?',
  'Where did you go on your first holiday?',
  'What was your favourite book as a child?',
  'What was the first single or album you bought?',
  "What was your first pet's name?",
  "What was your first partner's full name?",
  'What was your favourite place to visit as a child?',
  WRITE_YOUR_OWN_QUESTION,
]);

/** How many questions a user sets and answers (designed: the spec does not give a number). */
export const SECRET_QUESTIONS_COUNT = 3;
/** Longest question text, a written one included (designed). */
export const SECRET_QUESTION_MAX_LENGTH = 200;
/** Shortest answer, in characters before hashing (designed). */
export const SECRET_ANSWER_MIN_LENGTH = 2;
/** Longest answer, in characters before hashing (designed). */
export const SECRET_ANSWER_MAX_LENGTH = 200;
/** Protocol version of the set this product sends (signin §3 "The set has … version"); 1 is the older one. */
export const SECRET_QUESTIONS_VERSION = 2;

/** Hex length of a client salt (32 bytes, signin §5) and of an answer hash (128 bits). */
export const SECRET_SALT_HEX_LENGTH = SECRET_ANSWER_SALT_BYTES * 2;
export const SECRET_ANSWER_HASH_HEX_LENGTH = SECRET_ANSWER_HASH_BITS / 4;

/** One question of the form as the user fills it (signin §3: question, customQuestion, answer). */
export interface SecretQuestionInput {
  /** One of {@link SECURITY_QUESTIONS}. */
  question: string;
  /** The user's own question, when `question` is {@link WRITE_YOUR_OWN_QUESTION}. */
  customQuestion?: string;
  /** The answer in clear; it never leaves the browser. */
  answer: string;
}

/** Field errors of a question form, keyed `questions.N.question|customQuestion|answer`. */
export type SecretQuestionErrors = Record<string, string>;

/** The text asked for one input: the written question, or the fixed one. */
export function questionText(input: Pick<SecretQuestionInput, 'question' | 'customQuestion'>): string {
  return input.question === WRITE_YOUR_OWN_QUESTION ? (input.customQuestion ?? '').trim() : input.question;
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The field errors of a question set (empty when valid): exactly {@link SECRET_QUESTIONS_COUNT}
 * questions, each a fixed one or a written one (single line, at most 200 characters), no question twice,
 * each answer 2 to 200 characters.
 */
export function validateSecretQuestions(inputs: readonly SecretQuestionInput[]): SecretQuestionErrors {
  const errors: SecretQuestionErrors = {};
  if (inputs.length !== SECRET_QUESTIONS_COUNT) {
    errors.questions = MESSAGES.SECRET_QUESTIONS_COUNT;
    return errors;
  }
  const seen = new Set<string>();
  inputs.forEach((input, i) => {
    if (!SECURITY_QUESTIONS.includes(input.question)) errors[`questions.${i}.question`] = MESSAGES.SECRET_QUESTION_CHOOSE;
    else if (input.question === WRITE_YOUR_OWN_QUESTION) {
      const own = questionText(input);
      if (own.length === 0 || own.length > SECRET_QUESTION_MAX_LENGTH || CONTROL.test(own)) errors[`questions.${i}.customQuestion`] = MESSAGES.SECRET_QUESTION_OWN_INVALID;
    }
    const text = questionText(input).toLowerCase();
    if (text && seen.has(text)) errors[`questions.${i}.question`] = MESSAGES.SECRET_QUESTION_REPEATED;
    seen.add(text);
    if (input.answer.length < SECRET_ANSWER_MIN_LENGTH || input.answer.length > SECRET_ANSWER_MAX_LENGTH) errors[`questions.${i}.answer`] = MESSAGES.SECRET_ANSWER_LENGTH;
  });
  return errors;
}

/** One question as sent to the server (signin §3: question, answer_hash, optionally answer_hash_updated). */
export interface SecretQuestionForm {
  question: string;
  /** PBKDF2 of the lowercased answer (hex). */
  answer_hash: string;
  /** Version 1 only: PBKDF2 of the answer as typed, not lowercased (hex; signin §5). */
  answer_hash_updated?: string;
}

/** Options of {@link hashSecretAnswer}. */
export interface HashSecretAnswerOptions {
  /** The answer as typed. */
  answer: string;
  /** The client salt, 32 bytes as hex ({@link newClientSalt}). */
  clientSalt: string;
  /** Protocol version; 1 also produces the non-lowercased hash. Default {@link SECRET_QUESTIONS_VERSION}. */
  version?: number;
  /** WebCrypto's SubtleCrypto; the browser's and Node's `globalThis.crypto.subtle` by default. */
  subtle?: SubtleCrypto;
}

/**
 * PBKDF2-HMAC-SHA-256 of a text with the client salt: {@link PBKDF2_ITERATIONS} iterations (signin §9,
 * "must match the back end"), 128-bit output, as hex.
 */
export async function pbkdf2Hex(text: string, clientSalt: string, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  const key = await subtle.importKey('raw', new TextEncoder().encode(text), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: new Uint8Array(hexToBytes(clientSalt)), iterations: PBKDF2_ITERATIONS }, key, SECRET_ANSWER_HASH_BITS);
  return bytesToHex(new Uint8Array(bits));
}

/**
 * Hashes one answer the way signin §5 says: lowercased, PBKDF2-SHA-256, 128 bits, the client salt; for
 * version 1 a second hash of the answer as typed. Used by the browser, the CLI and the tests alike.
 */
export async function hashSecretAnswer(options: HashSecretAnswerOptions): Promise<Pick<SecretQuestionForm, 'answer_hash' | 'answer_hash_updated'>> {
  const { answer, clientSalt, version = SECRET_QUESTIONS_VERSION, subtle = globalThis.crypto.subtle } = options;
  const answer_hash = await pbkdf2Hex(answer.toLowerCase(), clientSalt, subtle);
  if (version !== 1) return { answer_hash };
  return { answer_hash, answer_hash_updated: await pbkdf2Hex(answer, clientSalt, subtle) };
}

/** A fresh client salt: 32 random bytes as hex. The random source is passed in (domain does no I/O). */
export function newClientSalt(getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (b) => globalThis.crypto.getRandomValues(b)): string {
  return bytesToHex(getRandomValues(new Uint8Array(SECRET_ANSWER_SALT_BYTES)));
}

/** Builds the questions of a FirstTimeSecretQuestionsSet or SecretQuestionsReset body from a filled form. */
export async function buildSecretQuestionSet(options: { inputs: readonly SecretQuestionInput[]; clientSalt: string; version?: number; subtle?: SubtleCrypto }): Promise<SecretQuestionForm[]> {
  const { inputs, clientSalt, version, subtle } = options;
  return Promise.all(
    inputs.map(async (input) => ({ question: questionText(input), ...(await hashSecretAnswer({ answer: input.answer, clientSalt, ...(version === undefined ? {} : { version }), ...(subtle ? { subtle } : {}) })) })),
  );
}

/** Hashes the answers of a PIN reset, in the order of the questions asked (ResetPinQA `secret_answers.answers`). */
export async function hashSecretAnswers(options: { answers: readonly string[]; clientSalt: string; subtle?: SubtleCrypto }): Promise<string[]> {
  const { answers, clientSalt, subtle } = options;
  return Promise.all(answers.map(async (answer) => (await hashSecretAnswer({ answer, clientSalt, ...(subtle ? { subtle } : {}) })).answer_hash));
}
