/** Wire shapes of smartcards: CMS client, card readers and card PIN requirements (signin §3, §5, §7). */

/** Server paths of the CMS calls by client protocol (signin §5, §7): CMS-v1 or CMS-v2. */
export type CmsVersion = 'CMS-v1' | 'CMS-v2';

/** A card reader as the server relays it from the local security client (signin §3 "Smartcard reader"). */
export interface CardReader {
  name: string;
  cardPresent: boolean;
  smartcard: { serialNumber: string; atr: string; cardType: string } | null;
  printer: { name: string; isCardPrinter: boolean } | null;
  status: string;
  processing: boolean;
}

/** Local client gRPC config (signin §3): where the agent dials the server. */
export interface CmsClientGrpcConfig {
  AgentAddress: string;
  AgentPort: number;
  /** Present and true when the hub requires TLS (a Tessera extension of the spec's config). */
  AgentTls?: boolean;
}

/** Card PIN requirements from the server (signin §3, §5). */
export interface CardPinRequirements {
  minLength: number;
  maxLength: number;
  digitsOnly: boolean;
  description: string;
}

/** A tenant's card PIN policy as an administrator sets it (`PUT /api2/CMS-v2/PinRequirementsConfig`). */
export interface UpdatePinRequirementsConfigRequest {
  /** 4 to 16, not above maxLength. */
  minLength: number;
  /** 4 to 16. */
  maxLength: number;
  digitsOnly: boolean;
  /** Text shown instead of the generated description (signin §3 pinRequirementDescriptionOverride); null or absent: generated. */
  description?: string | null;
}

/** A tenant's card PIN policy (`GET /api2/CMS-v2/PinRequirementsConfig`). */
export interface PinRequirementsConfig {
  minLength: number;
  maxLength: number;
  digitsOnly: boolean;
  /** The override text, or null (the generated description applies). */
  description: string | null;
  /** The text users see: the override, else the generated one ('PIN must be between 6-8 numbers'). */
  effectiveDescription: string;
  /** True when the tenant has set nothing (the default 6–8 digits). */
  isDefault: boolean;
}
