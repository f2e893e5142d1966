import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Timestamp } from './foundation.ts';

/** A passkey: of a user or of an operator (exactly one of the two). */
export interface WebauthnCredentialTable {
  id: Generated<bigint>;
  user_id: bigint | null;
  operator_id: bigint | null;
  /** base64url, as the browser reports it */
  credential_id: string;
  public_key: Uint8Array;
  counter: ColumnType<bigint, bigint | undefined, bigint>;
  transports: JSONColumnType<string[]>;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** A user's TOTP secret (RFC 6238); unconfirmed until a first code is checked. */
export interface TotpSecretTable {
  user_id: bigint;
  /** base32 */
  secret: string;
  confirmed_at: Timestamp | null;
  /** The last 30-second step whose code was accepted: a code is good once. */
  last_step: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Timestamp;
}

/** One-time recovery codes of a user's TOTP (SHA-256 of the code). */
export interface RecoveryCodeTable {
  id: Generated<bigint>;
  user_id: bigint;
  code_hash: string;
  used_at: Timestamp | null;
}

export type ChallengePurpose =
  | 'register'
  | 'login'
  | 'second_factor'
  | 'login_ticket'
  | 'step_up'
  | 'step_up_proof'
  | 'operator_register'
  | 'operator_login'
  | 'operator_ticket'
  | 'password_reset'
  | 'email_verify';

/**
 * Server-side challenges: WebAuthn challenges, second-factor login tickets and step-up proofs. Only a
 * SHA-256 of the value is stored; each is used once (`used_at`) and not after `expires_at`.
 */
export interface AuthChallengeTable {
  id: Generated<bigint>;
  purpose: ChallengePurpose;
  value_hash: string;
  user_id: bigint | null;
  operator_id: bigint | null;
  session_id: bigint | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SecurityTables {
  webauthn_credential: WebauthnCredentialTable;
  totp_secret: TotpSecretTable;
  recovery_code: RecoveryCodeTable;
  auth_challenge: AuthChallengeTable;
}
