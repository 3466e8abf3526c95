/**
 * Secret question and self-service PIN reset calls (issue 15; signin §7 Authentication-v1
 * FirstTimeSecretQuestionsSet, RequestSecretQuestionsReset, SecretQuestionsValidateLink, SecretQuestionsReset;
 * `GET CardSecretQuestions?card_serial`, `POST ResetPinQA`; docs/api.md "Secret questions"). Bodies carry only
 * the PBKDF2 hashes `@tessera/domain` makes (`buildSecretQuestionSet`, `hashSecretAnswers`).
 */
import type { SecretQuestionForm } from '@tessera/domain';
import type { HttpSend } from './http';

const A = '/api2/Authentication-v1';

/** The viewer's set as `GET SecretQuestions` answers it (texts and salt, never a hash). */
export interface SecretQuestionsStatus {
  isSet: boolean;
  version: number | null;
  clientSalt: string | null;
  questions: string[];
}

/** A set as sent: the client salt, the questions with their answer hashes, the protocol version. */
export interface SecretQuestionSet {
  client_salt: string;
  questions: SecretQuestionForm[];
  version?: number;
}

/** The body of ResetPinQA. */
export interface ResetPinQaRequest {
  card_id: { serial: string; readerName: string };
  new_pin: string;
  secret_answers: { client_salt: string; answers: string[] };
}

/** The secret question calls. */
export interface SecretQuestionsCalls {
  /** `GET /api2/Authentication-v1/SecretQuestions` (designed): the viewer's set. */
  getSecretQuestions(): Promise<SecretQuestionsStatus>;
  /** `POST /api2/Authentication-v1/FirstTimeSecretQuestionsSet {client_salt, questions}` (409 when set). */
  firstTimeSecretQuestionsSet(set: SecretQuestionSet): Promise<SecretQuestionsStatus>;
  /** `POST /api2/Authentication-v1/RequestSecretQuestionsReset {user_id}` (202): mails a reset link. */
  requestSecretQuestionsReset(userId: string): Promise<void>;
  /** `POST /api2/Authentication-v1/SecretQuestionsValidateLink {link_string}`. */
  secretQuestionsValidateLink(linkString: string): Promise<{ valid: true; username: string }>;
  /** `POST /api2/Authentication-v1/SecretQuestionsReset {link_string, client_salt, questions}` (204). */
  secretQuestionsReset(linkString: string, set: SecretQuestionSet): Promise<void>;
  /** `GET /api2/CMS-v2/CardSecretQuestions?card_serial` (404: not set). */
  cardSecretQuestions(cardSerial: string): Promise<{ secretQuestions: string[]; clientSalt: string; version: number }>;
  /** `POST /api2/CMS-v2/ResetPinQA` (204). */
  resetPinQA(request: ResetPinQaRequest): Promise<void>;
}

/** The secret question calls over `send`. */
export function secretQuestionsCalls(send: HttpSend): SecretQuestionsCalls {
  return {
    getSecretQuestions: () => send({ method: 'GET', path: `${A}/SecretQuestions` }),
    firstTimeSecretQuestionsSet: (set) => send({ method: 'POST', path: `${A}/FirstTimeSecretQuestionsSet`, body: set }),
    requestSecretQuestionsReset: async (userId) => {
      await send({ method: 'POST', path: `${A}/RequestSecretQuestionsReset`, body: { user_id: userId } });
    },
    secretQuestionsValidateLink: (linkString) => send({ method: 'POST', path: `${A}/SecretQuestionsValidateLink`, body: { link_string: linkString } }),
    secretQuestionsReset: async (linkString, set) => {
      await send({ method: 'POST', path: `${A}/SecretQuestionsReset`, body: { link_string: linkString, ...set } });
    },
    cardSecretQuestions: (cardSerial) => send({ method: 'GET', path: `/api2/CMS-v2/CardSecretQuestions?${new URLSearchParams({ card_serial: cardSerial }).toString()}` }),
    resetPinQA: async (request) => {
      await send({ method: 'POST', path: '/api2/CMS-v2/ResetPinQA', body: request });
    },
  };
}
