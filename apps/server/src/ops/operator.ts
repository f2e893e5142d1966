import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@kabuto/contract';
import { type Db, type Tx, withTx } from '@kabuto/db';
import { type HashCost, hashPassword, newInviteCode } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { audit } from '../shared/audit.ts';
import { checkNewPassword } from '../shared/password-policy.ts';

export const OPERATOR_NAME = /^[A-Za-z0-9_.-]{3,64}$/;

export interface OperatorCommand {
  name: string;
  role: OperatorRole;
  /** Given (from stdin) or null: a random one is generated. */
  password: string | null;
  /** Set a new password for `name` (creating it when absent) even though operators exist. */
  reset: boolean;
}

export type OperatorOutcome =
  | {
      ok: true;
      action: 'created' | 'reset';
      name: string;
      password: string;
      generated: boolean;
      /** The house account's invite code (with the first operator): the first registrations use it. */
      inviteCode?: string;
    }
  | { ok: false; message: string };

/**
 * The house account: not a customer and never signed in (no password hash argon2 could match, frozen,
 * no email), there only for its invite code, which opens registration on a deployment that has no users
 * yet. The name is one registration refuses (it has a hyphen), so no customer can take it.
 */
export const HOUSE_ACCOUNT = 'house-invites';

/** The house account's invite code, creating the account when it is missing (audited). */
export async function houseInviteCode(db: Db | Tx, now: Date = new Date()): Promise<string> {
  const found = await db
    .selectFrom('app_user')
    .select('invite_code')
    .where('account', '=', HOUSE_ACCOUNT)
    .executeTakeFirst();
  if (found) return found.invite_code;
  const code = newInviteCode();
  await db
    .insertInto('app_user')
    .values({
      account: HOUSE_ACCOUNT,
      password_hash: '!',
      invite_code: code,
      inviter_id: null,
      state: 'frozen',
      state_reason: 'house account: its invite code opens registration; it never signs in',
    })
    .onConflict((oc) => oc.column('account').doNothing())
    .execute();
  await audit(
    db,
    { id: null, username: 'command-line' },
    {
      action: 'user.create',
      target: `user:${HOUSE_ACCOUNT}`,
      reason: 'the house account, for the first invite code',
      detail: {},
    },
    now,
  );
  const row = await db
    .selectFrom('app_user')
    .select('invite_code')
    .where('account', '=', HOUSE_ACCOUNT)
    .executeTakeFirstOrThrow();
  return row.invite_code;
}

/** A password for an operator: 20 characters from 15 random bytes. */
export const generatedPassword = () => randomBytes(15).toString('base64url');

/**
 * The one-time command behind `npm run operator:create`: creates the first operator, and refuses when
 * one exists unless `reset` (which sets `name`'s password, ends its sessions, and creates it if absent).
 * Audited as done by the command line. The password is returned to the caller to print on the terminal;
 * nothing here logs it.
 */
export async function runOperatorCommand(
  db: Db,
  cmd: OperatorCommand,
  cost: HashCost,
  now: Date = new Date(),
): Promise<OperatorOutcome> {
  if (!OPERATOR_NAME.test(cmd.name)) {
    return { ok: false, message: `--name: 3 to 64 letters, digits, "_", "." or "-" (got "${cmd.name}")` };
  }
  const password = cmd.password ?? generatedPassword();
  if (cmd.password !== null) {
    if (password.length < 10 || password.length > 64) {
      return { ok: false, message: 'the password must be 10 to 64 characters' };
    }
    try {
      checkNewPassword(password, cmd.name);
    } catch (err) {
      if (err instanceof AppError) {
        return {
          ok: false,
          message: `the password is refused (${err.msg}): too common, too guessable or containing the name`,
        };
      }
      throw err;
    }
  }
  const hash = await hashPassword(password, cost);
  const cli = { id: null, username: 'command-line' };
  return withTx(db, async (tx): Promise<OperatorOutcome> => {
    // one command at a time: the count below cannot change under us
    await tx.selectFrom('operator').select('id').forUpdate().execute();
    const existing = await tx
      .selectFrom('operator')
      .select(['id', 'username'])
      .where('username', '=', cmd.name)
      .executeTakeFirst();
    const any = await tx.selectFrom('operator').select('id').limit(1).executeTakeFirst();
    if (any && !cmd.reset) {
      return {
        ok: false,
        message:
          'an operator already exists: add operators in the back office (Operators), or give --reset to set a new password for --name',
      };
    }
    if (existing) {
      await tx
        .updateTable('operator')
        .set({ password_hash: hash, disabled: false, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      await tx
        .updateTable('operator_session')
        .set({ revoked_at: now })
        .where('operator_id', '=', existing.id)
        .where('revoked_at', 'is', null)
        .execute();
      await audit(
        tx,
        cli,
        {
          action: 'operator.update',
          target: `operator:${cmd.name}`,
          reason: 'password reset from the command line',
          detail: { password_changed: true, enabled: true },
        },
        now,
      );
      return { ok: true, action: 'reset', name: cmd.name, password, generated: cmd.password === null };
    }
    await tx
      .insertInto('operator')
      .values({
        username: cmd.name,
        password_hash: hash,
        role: cmd.role,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await audit(
      tx,
      cli,
      {
        action: 'operator.create',
        target: `operator:${cmd.name}`,
        reason: 'created from the command line',
        detail: { after: { username: cmd.name, role: cmd.role } },
      },
      now,
    );
    const inviteCode = any ? undefined : await houseInviteCode(tx, now);
    return {
      ok: true,
      action: 'created',
      name: cmd.name,
      password,
      generated: cmd.password === null,
      inviteCode,
    };
  });
}
