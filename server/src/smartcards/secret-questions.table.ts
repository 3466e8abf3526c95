import type { ColumnType, Generated, Selectable } from 'kysely';

/** One stored question: its text and argon2id hashes of the answer hashes the browser sent. */
export interface StoredSecretQuestion {
  question: string;
  /** argon2id of `answer_hash` (PBKDF2 of the lowercased answer). */
  hash: string;
  /** argon2id of `answer_hash_updated` (version 1: PBKDF2 of the answer as typed). */
  hashAsTyped?: string;
}

/** `secret_questions`: a user's set (signin §3 "The set has clientSalt, questions, version"). */
export interface SecretQuestionsTable {
  user_id: string;
  tenant_id: string;
  client_salt: string;
  version: number;
  questions: ColumnType<StoredSecretQuestion[], string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `secret_question_links`: SHA-256 of each e-mailed reset token; single use, expiring. */
export interface SecretQuestionLinksTable {
  id: string;
  tenant_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** `secret_question_policies`: whether the tenant requires secret questions before a card is issued. */
export interface SecretQuestionPoliciesTable {
  tenant_id: string;
  required: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** A stored set. */
export type SecretQuestionsRow = Selectable<SecretQuestionsTable>;
