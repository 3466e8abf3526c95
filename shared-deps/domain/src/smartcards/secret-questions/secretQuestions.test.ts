import { pbkdf2Sync, randomBytes, webcrypto } from 'node:crypto';
import { PBKDF2_ITERATIONS } from '../../auth/constants';
import {
  buildSecretQuestionSet,
  hashSecretAnswer,
  hashSecretAnswers,
  newClientSalt,
  pbkdf2Hex,
  SECURITY_QUESTIONS,
  validateSecretQuestions,
  WRITE_YOUR_OWN_QUESTION,
} from './secretQuestions';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const node = (text: string, saltHex: string) => pbkdf2Sync(Buffer.from(text, 'utf8'), Buffer.from(saltHex, 'hex'), PBKDF2_ITERATIONS, 16, 'sha256').toString('hex');

describe('secret answer hashing (signin §5, §9)', () => {
  it('should match node:crypto PBKDF2-SHA-256 with 100 iterations and 128-bit output', async () => {
    const salt = '00'.repeat(32);
    // A fixed vector: computed independently by node:crypto, pinned so that a change of any constant fails.
    expect(node('password', salt)).toBe('e565cab9766cc3a293c91e4c9e9b5cf8');
    expect(await pbkdf2Hex('password', salt, subtle)).toBe('e565cab9766cc3a293c91e4c9e9b5cf8');
    for (let i = 0; i < 5; i++) {
      const s = randomBytes(32).toString('hex');
      const text = `Elm Street ${i} ünïcode`;
      expect(await pbkdf2Hex(text, s, subtle)).toBe(node(text, s));
    }
  });

  it('should lowercase the answer before hashing, and add the as-typed hash only for version 1', async () => {
    const salt = randomBytes(32).toString('hex');
    const v2 = await hashSecretAnswer({ answer: 'Elm Street', clientSalt: salt, subtle });
    expect(v2).toEqual({ answer_hash: node('elm street', salt) });
    const v1 = await hashSecretAnswer({ answer: 'Elm Street', clientSalt: salt, version: 1, subtle });
    expect(v1).toEqual({ answer_hash: node('elm street', salt), answer_hash_updated: node('Elm Street', salt) });
    expect((await hashSecretAnswer({ answer: 'ELM STREET', clientSalt: salt, subtle })).answer_hash).toBe(v2.answer_hash);
  });

  it('should refuse a salt that is not hex', async () => {
    await expect(pbkdf2Hex('x', 'zz', subtle)).rejects.toThrow('invalid hex string');
  });

  it('should make a 32-byte salt from the random source it is given', () => {
    expect(newClientSalt((b) => b.fill(0xab))).toBe('ab'.repeat(32));
    expect(newClientSalt()).toMatch(/^[0-9a-f]{64}$/);
    expect(newClientSalt()).not.toBe(newClientSalt());
  });

  it('should build the set with the written question text and hash answers in order', async () => {
    const salt = 'cd'.repeat(32);
    const set = await buildSecretQuestionSet({
      clientSalt: salt,
      subtle,
      inputs: [
        { question: SECURITY_QUESTIONS[0]!, answer: 'Elm' },
        { question: WRITE_YOUR_OWN_QUESTION, customQuestion: '  Favourite tree? ', answer: 'Oak' },
        { question: SECURITY_QUESTIONS[4]!, answer: 'Rex' },
      ],
    });
    expect(set.map((q) => q.question)).toEqual([SECURITY_QUESTIONS[0], 'Favourite tree?', SECURITY_QUESTIONS[4]]);
    expect(set[1]!.answer_hash).toBe(node('oak', salt));
    expect(await hashSecretAnswers({ answers: ['ELM', 'oak'], clientSalt: salt, subtle })).toEqual([node('elm', salt), node('oak', salt)]);
  });
});

describe('validateSecretQuestions', () => {
  const ok = [
    { question: SECURITY_QUESTIONS[0]!, answer: 'Elm' },
    { question: SECURITY_QUESTIONS[1]!, answer: 'Rome' },
    { question: SECURITY_QUESTIONS[2]!, answer: 'Matilda' },
  ];
  it('should accept three different questions with answers', () => {
    expect(validateSecretQuestions(ok)).toEqual({});
  });
  it('should ask for exactly three questions', () => {
    expect(validateSecretQuestions(ok.slice(0, 2))).toEqual({ questions: 'Choose and answer exactly 3 questions.' });
  });
  it('should name the field of a repeated question, a short answer, an unknown question and an empty own question', () => {
    expect(validateSecretQuestions([ok[0]!, { ...ok[0]!, answer: 'x' }, { question: 'Mother?', answer: 'Ann' }])).toEqual({
      'questions.1.question': 'Choose a different question for each answer.',
      'questions.1.answer': 'An answer must be 2 to 200 characters.',
      'questions.2.question': 'Choose one of the listed questions.',
    });
    expect(validateSecretQuestions([ok[0]!, ok[1]!, { question: WRITE_YOUR_OWN_QUESTION, customQuestion: ' ', answer: 'Ann' }])).toEqual({
      'questions.2.customQuestion': 'Write your question: at most 200 characters, on one line.',
    });
  });
  it('should list the 8 questions of signin §9, the last being the written one', () => {
    expect(SECURITY_QUESTIONS).toHaveLength(8);
    expect(SECURITY_QUESTIONS.at(-1)).toBe('Write your own question');
  });
});
