import type { OperatorRole } from '@kabuto/contract';
import type { UserState } from '@kabuto/db';

/**
 * Who is calling, as the HTTP side (`plugins/auth.ts`, `plugins/admin-routes.ts`) hands it to the
 * services, and how long sessions last.
 */

/** User sessions last a week after the last call. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Operator sessions last 12 hours after the last call. */
export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface SessionUser {
  id: bigint;
  account: string;
  state: UserState;
  sessionId: bigint;
  /** Whether a fund password is set (the hash itself stays in the database). */
  hasFundPassword: boolean;
  /** The session's token hash: the key of its signed image URLs (never sent). */
  tokenHash: string;
}

export interface Operator {
  id: bigint;
  username: string;
  role: OperatorRole;
  sessionId: bigint;
  /** Keys the signatures of this session's image URLs. */
  tokenHash: string;
}
