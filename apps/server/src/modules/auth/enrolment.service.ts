import { type Tx, withTx } from '@kabuto/db';
import { toUnixSeconds } from '@kabuto/domain';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { loadSettings } from '../../shared/settings.ts';
import type { StepUpCheck } from '../../shared/step-up.ts';
import {
  listCredentials,
  type RelyingParty,
  registerCredential,
  registrationOptions,
} from '../../shared/webauthn.ts';
import * as repo from './security.repo.ts';
import { newRecoveryCode, RECOVERY_CODES, recoveryHash, totpOf } from './totp.ts';

/**
 * A user's second factors: their status, passkeys added and removed, TOTP set up, enabled (with recovery
 * codes) and disabled. Each change needs a step-up proof; the last factor may not go while operators
 * require one. `now` is real time.
 */
export function enrolmentService(deps: Deps, now: () => number, requireStepUp: StepUpCheck) {
  const { db } = deps;

  async function status(userId: bigint) {
    const [creds, totp, left, required] = await Promise.all([
      listCredentials(db, { user_id: userId }),
      repo.findTotp(db, userId),
      repo.countRecoveryCodes(db, userId),
      loadSettings(db).then((s) => s.security_enrolment_required),
    ]);
    return {
      passkeys: creds.map((c) => ({
        id: String(c.id),
        name: c.name,
        createdAt: toUnixSeconds(c.created_at.getTime()),
        lastUsedAt: c.last_used_at ? toUnixSeconds(c.last_used_at.getTime()) : null,
      })),
      totp: Boolean(totp?.confirmed_at),
      recoveryCodesLeft: totp?.confirmed_at ? left : 0,
      required,
    };
  }

  const passkeyOptions = (rp: RelyingParty, user: { id: bigint; account: string }) =>
    registrationOptions(db, rp, { user_id: user.id }, user.account, 'register', now());

  async function passkeyAdd(
    rp: RelyingParty,
    user: { id: bigint; sessionId: bigint },
    input: { name: string; credential: RegistrationResponseJSON },
    proof: string | undefined,
  ) {
    return withTx(db, async (tx) => {
      await requireStepUp(tx, user, proof, { enrolling: true });
      const id = await registerCredential(
        tx,
        rp,
        { user_id: user.id },
        'register',
        input.name,
        input.credential,
        now(),
      );
      return { id: String(id) };
    });
  }

  /** Removing the last factor while operators require one is refused. */
  async function keepsAFactor(tx: Tx, userId: bigint) {
    if (!(await loadSettings(tx)).security_enrolment_required) return;
    const f = await repo.factorsOf(tx, userId);
    if (!f.passkey && !f.totp) refuse('security.lastFactor');
  }

  async function passkeyDelete(
    user: { id: bigint; sessionId: bigint },
    id: bigint,
    proof: string | undefined,
  ) {
    await withTx(db, async (tx) => {
      await requireStepUp(tx, user, proof);
      const r = await repo.deleteUserCredential(tx, user.id, id);
      if (r.numDeletedRows === 0n) refuse('security.passkeyNotFound');
      await keepsAFactor(tx, user.id);
    });
  }

  async function totpSetup(user: { id: bigint; account: string }) {
    const secret = new Secret({ size: 20 }).base32;
    if (!(await repo.putPendingTotp(db, user.id, secret, new Date(now())))) refuse('security.totpAlreadyOn');
    const uri = totpOf(secret, user.account).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  async function totpEnable(
    user: { id: bigint; account: string; sessionId: bigint },
    code: string,
    proof: string | undefined,
  ) {
    return withTx(db, async (tx) => {
      const row = await repo.findTotp(tx, user.id);
      if (!row) return refuse('security.totpNotSetUp');
      if (row.confirmed_at) return refuse('security.totpAlreadyOn');
      await requireStepUp(tx, user, proof, { enrolling: true });
      const at = now();
      const delta = totpOf(row.secret, user.account).validate({ token: code, timestamp: at, window: 1 });
      if (delta === null) return refuse('security.wrongCode');
      const step = BigInt(Math.floor(at / 30_000) + delta);
      if (!(await repo.takeTotpStep(tx, user.id, step, new Date(at)))) return refuse('security.wrongCode');
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await repo.replaceRecoveryCodes(tx, user.id, codes.map(recoveryHash));
      return { recoveryCodes: codes };
    });
  }

  async function totpDisable(user: { id: bigint; sessionId: bigint }, proof: string | undefined) {
    await withTx(db, async (tx) => {
      const row = await repo.findTotp(tx, user.id);
      if (!row?.confirmed_at) return refuse('security.totpNotSetUp');
      await requireStepUp(tx, user, proof);
      await repo.deleteTotp(tx, user.id);
      await repo.replaceRecoveryCodes(tx, user.id, []);
      await keepsAFactor(tx, user.id);
    });
  }

  return { status, passkeyOptions, passkeyAdd, passkeyDelete, totpSetup, totpEnable, totpDisable };
}
