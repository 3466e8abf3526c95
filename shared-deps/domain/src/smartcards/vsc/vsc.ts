/**
 * Virtual smart cards (issue 15; signin §7 POST IssueVSC, §8 'VSC issued successfully!', 'VSC could not be issued'):
 * a software PIV card that the user's agent holds in its data directory, encrypted at rest, and loads into a
 * virtual reader; the server issues it like a physical card (its management key and PUK stay on the server).
 */

/** The card type of a virtual smart card's record (a physical card is `PIV`). */
export const VSC_CARD_TYPE = 'VSC';

/** The prefix of the virtual reader that holds a VSC on the agent (`Tessera VSC <serial>`). */
export const VSC_READER_PREFIX = 'Tessera VSC ';

/** Texts of IssueVSC: the two toasts are the spec's (signin §8). */
export const VSC_MESSAGES = Object.freeze({
  ISSUED: 'VSC issued successfully!',
  ISSUE_FAILED: 'VSC could not be issued',
  /** designed: the caller's agent cannot hold VSCs (no VSC key configured, or PC/SC readers only). */
  UNSUPPORTED: 'The security client cannot hold virtual smart cards.',
} as const);

/** `POST /api2/CMS-v2/IssueVSC` (designed body: IssueCard's without a reader, since the agent makes the card). */
export interface IssueVscRequest {
  user_id: string;
  card_template_id: string;
  pin: string;
}
