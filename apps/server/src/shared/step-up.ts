import { STEP_UP_HEADER } from '@kabuto/contract';
import type { Db, Tx } from '@kabuto/db';
import type { FastifyRequest } from 'fastify';

/**
 * The step-up check that sensitive calls (withdrawals, bank-card changes, fund-password changes, adding or
 * removing a factor) make once the user has a passkey or TOTP: the proof from /user/stepUp, sent in the
 * `step-up` header, must belong to this session, be unexpired and unused; the check uses it up. Run it
 * inside the operation's transaction, so a call refused afterwards leaves the proof usable. A user with
 * no factor passes, unless operators require enrolment (then `security.enrolmentRequired`).
 * The composition root builds it (modules/auth) and hands it to the services that need it.
 */
export type StepUpCheck = (
  q: Db | Tx,
  user: { id: bigint; sessionId: bigint },
  proof: string | undefined,
  options?: { enrolling?: boolean },
) => Promise<void>;

/** The step-up proof a request carries, if any. */
export function stepUpProof(request: FastifyRequest): string | undefined {
  const v = request.headers[STEP_UP_HEADER];
  return typeof v === 'string' && v.length >= 20 && v.length <= 128 ? v : undefined;
}
