import { timingSafeEqual } from 'node:crypto';
import { isUniqueViolation, withTx } from '@kabuto/db';
import {
  type Currency,
  formatUnits,
  isWindowOpen,
  parseUnits,
  REVIEW_STATE,
  toUnixSeconds,
  type Units,
  windowText,
} from '@kabuto/domain';
import { platformAccount, userAccount } from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { checkMinorUnit, plainAmount } from '../../shared/amounts.ts';
import { audit } from '../../shared/audit.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { type IdempotencyState, markApplied } from '../../shared/idempotency-keys.ts';
import { type IdentityLookup, requireVerified } from '../../shared/identity.ts';
import { transfer } from '../../shared/ledger.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import * as review from '../../shared/review-queue.ts';
import type { Operator } from '../../shared/sessions.ts';
import { loadSettings, type Settings } from '../../shared/settings.ts';
import { repayShortfall } from '../../shared/shortfall.ts';
import { ownedUpload } from '../../shared/uploads.ts';
import * as repo from './funds.repo.ts';

type Channel = Awaited<ReturnType<typeof repo.listChannels>>[number];

const HM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const units = (text: string) => parseUnits(text) as Units;
const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export interface DepositInput {
  amount: Units;
  currency: Currency;
  /** Absent on a submission: then a pre-check must have passed within PRECHECK_VALID_MS. */
  channelPassword?: string;
  channelId?: bigint;
}

/** One of the user's deposits (times in unix seconds; amount a decimal string). */
export interface DepositRow {
  id: string;
  orderNo: string;
  currency: Currency;
  amount: string;
  /** 0 under review, 1 approved, 2 rejected. */
  status: number;
  reason: string;
  channel: string;
  /** The proof's upload path, and a signed URL for it. */
  proofPath: string;
  proofUrl: string;
  createdAt: number;
  decidedAt: number | null;
}

/** How long a passed pre-check stands in for the channel password on the submission. */
export const PRECHECK_VALID_MS = 30 * 60 * 1000;

export function depositsService(deps: Deps, identity: IdentityLookup) {
  const { db, clock } = deps;
  const channelOpen = (c: Channel, now: number) =>
    c.enabled && isWindowOpen({ from: c.open_from, to: c.open_to }, now, c.quick);

  /** Channels of a wallet as users see them (receiving account, window, limits, open now). */
  async function channels(currency: Currency) {
    const settings = await loadSettings(db);
    const limits = settings.deposit_limits[currency];
    const now = clock.now();
    const rows = await repo.listChannels(db, { currency, enabledOnly: true });
    return rows.map((c) => ({
      id: String(c.id),
      currency: c.currency as Currency,
      name: c.name,
      accountName: c.account_name,
      accountNumber: c.account_number,
      bank: c.bank,
      branch: c.branch,
      opensAt: c.open_from,
      closesAt: c.open_to,
      everyDay: c.quick,
      needsPassword: c.needs_password,
      open: channelOpen(c, now),
      min: formatUnits(units(limits.min)),
      max: formatUnits(units(limits.max)),
    }));
  }

  /**
   * The deposit window of a wallet as one span: the earliest opening and the latest closing of its
   * enabled channels (the family's `srecharge`/`erecharge`); null when the wallet has no channel.
   */
  async function window(
    currency: Currency,
  ): Promise<{ from: string; to: string; needsPassword: boolean } | null> {
    const rows = await repo.listChannels(db, { currency, enabledOnly: true });
    if (rows.length === 0) return null;
    return {
      needsPassword: rows.some((c) => c.needs_password),
      from: rows.map((c) => c.open_from).reduce((a, b) => (b < a ? b : a)),
      to: rows.map((c) => c.open_to).reduce((a, b) => (b > a ? b : a)),
    };
  }

  /**
   * Every rule of a deposit, in the order a user meets them. Returns the channel the deposit goes
   * through: the one named, or the wallet's only open channel when none is named (null when several are
   * open and none was named). The channel password is asked unless that channel needs none (with no
   * channel settled, unless no enabled channel of the wallet needs one).
   */
  async function check(userId: bigint, input: DepositInput, settings: Settings): Promise<Channel | null> {
    const limits = settings.deposit_limits[input.currency];
    const min = units(limits.min);
    const max = units(limits.max);
    if (input.amount < min) refuse('deposit.belowMinimum', { min: plainAmount(min) });
    if (input.amount > max) refuse('deposit.aboveMaximum', { max: plainAmount(max) });
    checkMinorUnit(input.amount, input.currency);
    const now = clock.now();
    const all = await repo.listChannels(db, { currency: input.currency, enabledOnly: true });
    const open = all.filter((c) => channelOpen(c, now));
    const named = input.channelId === undefined ? undefined : await repo.findChannel(db, input.channelId);
    const target = input.channelId === undefined ? (open.length === 1 ? open[0] : undefined) : named;
    const needsPassword = target
      ? target.needs_password
      : all.length === 0 || all.some((c) => c.needs_password);
    if (needsPassword) await checkChannelPassword(userId, input.channelPassword, settings);
    await requireVerified(identity, userId);
    if (await repo.hasPendingDeposit(db, userId)) refuse('deposit.pending');
    if (input.channelId !== undefined) {
      if (!named?.enabled || named.currency !== input.currency) return refuse('deposit.channelNotFound');
      if (!channelOpen(named, now))
        refuse('deposit.outsideHours', { window: windowText({ from: named.open_from, to: named.open_to }) });
      return named;
    }
    if (all.length === 0) refuse('deposit.channelNotFound');
    if (open.length === 0) {
      refuse('deposit.outsideHours', { window: windowText({ from: all[0].open_from, to: all[0].open_to }) });
    }
    return open.length === 1 ? open[0] : null;
  }

  /** The channel password as given, or (left out) a pre-check passed within PRECHECK_VALID_MS. */
  async function checkChannelPassword(userId: bigint, given: string | undefined, settings: Settings) {
    if (given !== undefined) {
      if (!sameSecret(given, settings.channel_password)) refuse('deposit.wrongChannelPassword');
      return;
    }
    const passed = await db
      .selectFrom('deposit_precheck')
      .select('checked_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!passed || clock.now() - passed.checked_at.getTime() > PRECHECK_VALID_MS) {
      refuse('deposit.wrongChannelPassword');
    }
  }

  /** /user/ischongzhi: the checks only; nothing is written. */
  async function precheck(userId: bigint, input: DepositInput) {
    const settings = await loadSettings(db);
    await check(userId, input, settings);
    const checkedAt = new Date(clock.now());
    await db
      .insertInto('deposit_precheck')
      .values({ user_id: userId, checked_at: checkedAt })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ checked_at: checkedAt }))
      .execute();
    const limits = settings.deposit_limits[input.currency];
    return {
      amount: formatUnits(input.amount),
      currency: input.currency,
      min: formatUnits(units(limits.min)),
      max: formatUnits(units(limits.max)),
    };
  }

  /** /user/chongzhi: a deposit request waiting for review (no money moves yet). */
  async function submit(
    userId: bigint,
    input: DepositInput & { proofUpload: string },
    key?: IdempotencyState,
  ) {
    const settings = await loadSettings(db);
    // several channels open and none named: the user has to choose
    const channel = (await check(userId, input, settings)) ?? refuse('deposit.channelRequired');
    const proof = await ownedUpload(db, userId, input.proofUpload);
    const now = clock.now();
    try {
      const row = await withTx(db, async (tx) => {
        const inserted = await repo.insertDeposit(tx, {
          order_no: newOrderNo('D', now),
          user_id: userId,
          currency: input.currency,
          amount: input.amount,
          channel_id: channel.id,
          channel_name: channel.name,
          proof_upload: proof,
          created_at: new Date(now),
        });
        await markApplied(tx, key);
        return inserted;
      });
      return { id: String(row.id), orderNo: row.order_no };
    } catch (err) {
      if (isUniqueViolation(err)) refuse('deposit.pending');
      throw err;
    }
  }

  /** The user's deposits; `imageUrl` signs the URL of each transfer proof (the user's own upload). */
  async function list(
    userId: bigint,
    currency: Currency | undefined,
    imageUrl: (name: string) => string,
  ): Promise<DepositRow[]> {
    const rows = await repo.userDeposits(db, userId, currency);
    return rows.map((d) => ({
      id: String(d.id),
      orderNo: d.order_no,
      currency: d.currency as Currency,
      amount: formatUnits(d.amount),
      status: d.status,
      reason: d.reason ?? '',
      channel: d.channel_name,
      // the signed path, as every reply naming an image the caller may see carries it
      proofPath: imageUrl(d.proof_upload),
      proofUrl: imageUrl(d.proof_upload),
      createdAt: toUnixSeconds(d.created_at.getTime()),
      decidedAt: d.decided_at ? toUnixSeconds(d.decided_at.getTime()) : null,
    }));
  }

  // ---------------------------------------------------------------- back office

  async function queue(f: review.QueuePage, imageUrl: (n: string) => string) {
    return review.listOf(await repo.queueDeposits(db, f), (d) => ({
      id: String(d.id),
      order_number: d.order_no,
      user_id: String(d.user_id),
      account: d.account,
      currency: d.currency,
      amount: formatUnits(d.amount),
      channel_id: String(d.channel_id),
      channel: d.channel_name,
      proof_url: imageUrl(d.proof_upload),
      ...review.decisionFields(REVIEW_STATE[d.status], d),
    }));
  }

  /** Approve: one posted transfer bank → user cash and a fund record. Reject: reason + site message. */
  const decide = review.reviewDecider(deps, {
    name: 'deposit',
    lock: repo.lockDeposit,
    state: review.codedState,
    async settle(tx, d, { approve, at }): Promise<bigint | null> {
      if (!approve) return null;
      const currency = d.currency as Currency;
      const bank = await platformAccount(tx, 'bank', currency);
      const cash = await userAccount(tx, d.user_id, currency, 'cash');
      const [t] = await transfer(tx, [
        {
          type: 'single',
          debitAccountId: bank.id,
          creditAccountId: cash.id,
          amount: d.amount,
          currency,
          code: 'deposit',
          operationRef: `deposit:${d.id}`,
        },
      ]);
      await writeFundRecords(tx, [
        {
          userId: d.user_id,
          currency,
          type: 'deposit',
          orderNo: d.order_no,
          amount: d.amount,
          transferId: t.id,
          ref: `deposit:${d.id}`,
          memo: d.channel_name,
          at,
        },
      ]);
      // a shortfall (不足金) of the wallet is repaid from the deposit first
      await repayShortfall(tx, d.user_id, currency, { orderNo: d.order_no, ref: `deposit:${d.id}`, at });
      return t.id;
    },
    notices: { approved: 'depositApproved', rejected: 'depositRejected' },
    params: review.noticeParams,
    record: (tx, d, decision, transferId) =>
      repo.decideDeposit(tx, d.id, { ...review.decisionColumns(decision), transfer_id: transferId }),
    detail: review.auditDetail,
  });

  async function adminChannels() {
    const rows = await repo.listChannels(db);
    const now = clock.now();
    return rows.map((c) => ({
      id: String(c.id),
      currency: c.currency,
      name: c.name,
      account_name: c.account_name,
      account_number: c.account_number,
      bank: c.bank,
      branch: c.branch,
      open_from: c.open_from,
      open_to: c.open_to,
      quick: c.quick,
      enabled: c.enabled,
      needs_password: c.needs_password,
      sort: c.sort,
      open: channelOpen(c, now),
      update_time: toUnixSeconds(c.updated_at.getTime()),
    }));
  }

  async function saveChannel(op: Operator, input: repo.ChannelValues & { id?: bigint; reason: string }) {
    const { id, reason, ...values } = input;
    for (const field of ['open_from', 'open_to'] as const) {
      if (!HM_RE.test(values[field])) refuse('validation.invalid', { field });
    }
    const now = new Date(clock.now());
    return withTx(db, async (tx) => {
      let channelId: bigint;
      let before: unknown = null;
      if (id === undefined) {
        channelId = (await repo.insertChannel(tx, values, now)).id;
      } else {
        const existing = await repo.findChannel(tx, id);
        if (!existing) return refuse('deposit.channelNotFound');
        before = existing;
        await repo.updateChannel(tx, id, values, now);
        channelId = id;
      }
      await audit(
        tx,
        op,
        {
          action: id === undefined ? 'channel.create' : 'channel.update',
          target: `channel:${channelId}`,
          reason,
          detail: { before, after: values },
        },
        now,
      );
      return { id: String(channelId) };
    });
  }

  const pendingCount = async () => repo.countPending(db, 'deposit');

  return {
    channels,
    window,
    precheck,
    submit,
    list,
    queue,
    decide,
    adminChannels,
    saveChannel,
    pendingCount,
  };
}

export type DepositsService = ReturnType<typeof depositsService>;
