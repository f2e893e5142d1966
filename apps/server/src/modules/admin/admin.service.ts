import type { OperatorRole } from '@kabuto/contract';
import { isUniqueViolation, withTx } from '@kabuto/db';
import { MINOR_UNIT, toUnixSeconds } from '@kabuto/domain';
import { checkInvariants, type InvariantViolation } from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import { hashPassword, newToken, tokenHash, verifyPassword } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import { attemptCounter, mayTrySignIn } from '../../shared/attempts.ts';
import { audit } from '../../shared/audit.ts';
import { checkNewPassword } from '../../shared/password-policy.ts';
import { OPERATOR_SESSION_TTL_MS, type Operator } from '../../shared/sessions.ts';
import {
  decode,
  encodeSetting,
  forgetSettings,
  leverageRefusal,
  loadSettings,
  SETTING_DEFS,
  type SettingName,
} from '../../shared/settings.ts';
import { issueChallenge, listCredentials } from '../../shared/webauthn.ts';
import * as repo from './admin.repo.ts';
import { type AdminContributors, adminUsersService } from './users.service.ts';

const USERNAME_RE = /^[A-Za-z0-9_.-]{3,64}$/;
/** Settings whose values are secrets: the audit log says that they changed, not to what. */
const SECRET_SETTINGS = new Set<string>(['channel_password']);

export function adminService(deps: Deps, contributors: AdminContributors) {
  const { db, clock } = deps;
  const hash = (pw: string) => hashPassword(pw, deps.hashCost);
  let dummyHash: Promise<string> | undefined;
  const attempts = attemptCounter(db, deps.timers);
  const people = adminUsersService(deps, contributors);

  // ---------------------------------------------------------------- operator sessions

  async function login(input: { username: string; password: string }, ip: string | null) {
    const op = await repo.findOperator(db, input.username);
    const source = ip ?? 'unknown';
    const gate = await mayTrySignIn(attempts, 'operator', input.username, source, async () =>
      op ? repo.operatorSignedInFrom(db, op.id, source) : false,
    );
    // An unknown operator and a refused attempt cost a hash too, and answer like a wrong password.
    if (!op || !gate.allowed) {
      dummyHash ??= hash('kabuto-timing-equaliser');
      await verifyPassword(await dummyHash, input.password);
      return refuse(gate.wrong);
    }
    if (!(await verifyPassword(op.password_hash, input.password))) return refuse(gate.wrong);
    if (op.disabled) refuse('admin.disabled');
    await gate.succeeded();
    if ((await listCredentials(db, { operator_id: op.id })).length > 0) {
      // a passkey is enrolled: the password was the first step, the passkey is the second
      const ticket = await issueChallenge(db, 'operator_ticket', { operator_id: op.id }, Date.now());
      return { username: op.username, role: op.role, ticket };
    }
    return startSession(op, ip, 'password');
  }

  /** A new operator session, in the audit log with how it was opened. */
  async function startSession(
    op: { id: bigint; username: string; role: OperatorRole },
    ip: string | null,
    method: 'password' | 'password+passkey',
  ) {
    const now = deps.timers.now();
    const token = newToken();
    await withTx(db, async (tx) => {
      await repo.insertSession(tx, {
        operator_id: op.id,
        token_hash: tokenHash(token),
        created_at: new Date(now),
        last_seen_at: new Date(now),
        expires_at: new Date(now + OPERATOR_SESSION_TTL_MS),
        ip,
      });
      await audit(
        tx,
        op,
        { action: 'operator.login', target: `operator:${op.username}`, detail: { ip, method } },
        new Date(now),
      );
    });
    return { token, username: op.username, role: op.role };
  }

  async function logout(op: Operator) {
    await repo.revokeSession(db, op.sessionId, new Date(deps.timers.now()));
  }

  // ---------------------------------------------------------------- config

  async function configList() {
    const settings = await loadSettings(db);
    return Object.entries(SETTING_DEFS).map(([name, d]) => ({
      name,
      value: encodeSetting(settings[name as SettingName]),
      default: encodeSetting(d.default),
      description: d.description,
      public: d.public,
    }));
  }

  async function configSet(op: Operator, input: { name: string; value: string; reason: string }) {
    if (!Object.hasOwn(SETTING_DEFS, input.name)) refuse('admin.unknownSetting');
    const name = input.name as SettingName;
    const parsed = decode(SETTING_DEFS[name].schema, input.value);
    if (!parsed.ok) return refuse('admin.invalidSetting');
    const overCap = leverageRefusal(name, parsed.value);
    if (overCap) return refuse(overCap.key, overCap.params);
    const text = encodeSetting(parsed.value);
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const before = await tx
        .selectFrom('config')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirst();
      await tx
        .insertInto('config')
        .values({ name, value: text, updated_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: text, updated_at: now }))
        .execute();
      const secret = SECRET_SETTINGS.has(name);
      await audit(
        tx,
        op,
        {
          action: 'config.set',
          target: `config:${name}`,
          reason: input.reason,
          detail: secret
            ? { changed: true }
            : { from: before?.value ?? encodeSetting(SETTING_DEFS[name].default), to: text },
        },
        now,
      );
    });
    forgetSettings(db);
  }

  // ---------------------------------------------------------------- audit and reconciliation

  async function auditList(f: { q?: string; page: number; size: number }) {
    const { rows, total } = await repo.auditPage(db, f);
    return {
      list: rows.map((r) => ({
        id: String(r.id),
        operator: r.operator_name,
        action: r.action,
        target: r.target,
        reason: r.reason,
        detail: JSON.stringify(r.detail),
        at: toUnixSeconds(r.created_at.getTime()),
      })),
      total,
    };
  }

  /** The ledger's invariants, plus the business rows that must agree with it. */
  async function reconcile(op: Operator) {
    const report = await checkInvariants(db, { minorUnits: MINOR_UNIT });
    const of = (...kinds: InvariantViolation['kind'][]) =>
      report.violations.filter((v) => kinds.includes(v.kind));
    const check = (name: string, violations: { message: string }[], okDetail: string) => ({
      name,
      ok: violations.length === 0,
      detail:
        violations.length === 0
          ? okDetail
          : violations
              .slice(0, 10)
              .map((v) => v.message)
              .join('; ') + (violations.length > 10 ? ` (+${violations.length - 10} more)` : ''),
    });
    const records = await repo.recordMismatches(db);
    const withdrawals = await repo.withdrawalMismatches(db);
    const checks = [
      check(
        'debits_equal_credits',
        of('unbalanced'),
        'per currency, Σ debits = Σ credits (posted and pending)',
      ),
      check(
        'no_negative_or_overdrawn',
        of('negative_balance', 'flag_violated'),
        'no balance below zero, no flag broken',
      ),
      check(
        'pending_resolved_once',
        of('pending_resolved_twice', 'invalid_resolution'),
        'every pending transfer resolved at most once, correctly',
      ),
      check(
        'balances_equal_transfers',
        of('balance_mismatch'),
        `${report.accounts} accounts match their ${report.transfers} transfers`,
      ),
      check('cash_whole_minor_units', of('fractional_cash'), 'every cash balance is whole yen / cents'),
      check(
        'fund_records_match_cash',
        records.map((r) => ({
          message: `user ${r.owner} ${r.currency}: ledger ${r.posted}, records ${r.recorded ?? 'none'}`,
        })),
        'every cash balance equals its last fund record',
      ),
      check(
        'withdrawals_match_reservations',
        withdrawals.map((w) => ({ message: `withdrawal ${w.id}` })),
        'every pending withdrawal is reserved, every decided one resolved',
      ),
    ];
    const now = clock.now();
    const okAll = checks.every((c) => c.ok);
    await audit(
      db,
      op,
      { action: 'ledger.reconcile', target: 'ledger', detail: { ok: okAll } },
      new Date(now),
    );
    return { ok: okAll, checkedAt: toUnixSeconds(now), checks };
  }

  // ---------------------------------------------------------------- operators

  async function operators() {
    const rows = await repo.listOperators(db);
    return rows.map((o) => ({ id: String(o.id), username: o.username, role: o.role, disabled: o.disabled }));
  }

  async function saveOperator(
    op: Operator,
    input: {
      id?: bigint;
      username: string;
      role: OperatorRole;
      password?: string;
      disabled: boolean;
      reason: string;
    },
  ) {
    if (!USERNAME_RE.test(input.username)) refuse('validation.invalid', { field: 'username' });
    if (input.password !== undefined && (input.password.length < 10 || input.password.length > 64)) {
      refuse('admin.passwordRequired');
    }
    if (input.id === undefined && !input.password) refuse('admin.passwordRequired');
    if (input.password) checkNewPassword(input.password, input.username);
    if (input.id === op.id && (input.role !== op.role || input.disabled)) refuse('admin.selfChange');
    const passwordHash = input.password ? await hash(input.password) : undefined;
    const now = new Date(clock.now());
    try {
      return await withTx(db, async (tx) => {
        let id: bigint;
        let before: unknown = null;
        if (input.id === undefined) {
          id = (
            await repo.insertOperator(tx, {
              username: input.username,
              password_hash: passwordHash!,
              role: input.role,
              disabled: input.disabled,
              created_at: now,
              updated_at: now,
            })
          ).id;
        } else {
          const existing = await repo.operatorById(tx, input.id);
          if (!existing) return refuse('admin.operatorNotFound');
          before = { username: existing.username, role: existing.role, disabled: existing.disabled };
          await repo.updateOperator(tx, input.id, {
            username: input.username,
            role: input.role,
            disabled: input.disabled,
            updated_at: now,
            ...(passwordHash ? { password_hash: passwordHash } : {}),
          });
          id = input.id;
          // A new password, role or a disabled account takes effect now: their other sessions end.
          if (passwordHash || input.disabled || existing.role !== input.role) {
            await repo.revokeOperatorSessions(tx, id, now, id === op.id ? op.sessionId : undefined);
          }
        }
        await audit(
          tx,
          op,
          {
            action: input.id === undefined ? 'operator.create' : 'operator.update',
            target: `operator:${input.username}`,
            reason: input.reason,
            detail: {
              before,
              after: { username: input.username, role: input.role, disabled: input.disabled },
              password_changed: passwordHash !== undefined,
            },
          },
          now,
        );
        return { id: String(id) };
      });
    } catch (err) {
      if (isUniqueViolation(err)) refuse('admin.operatorExists');
      throw err;
    }
  }

  return {
    login,
    startSession,
    logout,
    ...people,
    configList,
    configSet,
    auditList,
    reconcile,
    operators,
    saveOperator,
  };
}

export type AdminService = ReturnType<typeof adminService>;
