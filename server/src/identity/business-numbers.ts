/**
 * Business-number verification (admin-console §3 "business-number verification result", §5 "returns a
 * result or an error"): a pluggable set of verifiers keyed by scheme. Shipped: `abn`, the Australian
 * Business Number checksum (domain's `checkAbn`, no network). A registry lookup (e.g. ABN Lookup or
 * VIES) is another verifier with the same shape, passed to the organisations routes.
 */
import { checkAbn, type BusinessNumberCheck } from '@tessera/domain';

/** One verifier. */
export interface BusinessNumberVerifier {
  /** Key sent as `businessNumberScheme`, e.g. `abn`. */
  scheme: string;
  /** Shown in the scheme picker. */
  label: string;
  /** A result or an error; may call out to a registry. */
  verify(businessNumber: string): Promise<BusinessNumberCheck>;
}

/** The shipped checksum verifier of Australian Business Numbers. */
export const abnChecksumVerifier: BusinessNumberVerifier = {
  scheme: 'abn',
  label: 'Australian Business Number (ABN)',
  verify: async (value) => checkAbn(value),
};

/** The verifiers in use, the first being the default scheme. */
export const DEFAULT_BUSINESS_NUMBER_VERIFIERS: readonly BusinessNumberVerifier[] = [abnChecksumVerifier];
