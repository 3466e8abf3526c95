/** What the SCEP, EST and challenge services need (built once per app by the routes). */
import type { PkiDeps } from '../pki/pki.service';
import type { SecretBox } from '../platform/secret-box';

/** Dependencies of the enrolment services: the PKI's, and the secret box that seals RA keys and waiting challenges. */
export interface EnrolmentDeps extends PkiDeps {
  box: SecretBox;
  /** The app's logger (Intune notifications that fail are logged). */
  log?: { warn: (detail: object, message: string) => void };
}
