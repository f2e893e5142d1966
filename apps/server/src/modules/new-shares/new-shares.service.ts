import { isUniqueViolation, withTx } from '@kabuto/db';
import { APPLICATION_STATUS, IPO_LOT, type Market, OFFERING_STATE, offeringPhase } from '@kabuto/domain';
import { availableBalance, lockLedgerAccounts, type TransferRequest } from '@kabuto/ledger';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { sha256Hex } from '../../shared/commitment.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { holdMoney, transfer } from '../../shared/ledger.ts';
import { sendNotice } from '../../shared/notices.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import { loadSettings } from '../../shared/settings.ts';
import { lotteryService } from './lottery.service.ts';
import {
  type Applicant,
  holdPrice,
  type NewSharesDeps,
  type OperationKey,
  type RecordedResult,
} from './new-shares.deps.ts';
import { newSharesJobs } from './new-shares.jobs.ts';
import type { ApplicationRow, OfferingRow } from './new-shares.repo.ts';
import * as repo from './new-shares.repo.ts';

export {
  type Applicant,
  holdPrice,
  listingInstrument,
  type NewSharePosition,
  type NewSharesDeps,
  namesOf,
  type OperationKey,
  type RecordedResult,
  tickOfBoard,
} from './new-shares.deps.ts';

/**
 * The new-share service a user meets: the offerings, applying with its hold, declining a win, the
 * records and the recorded draw; with the lottery and the jobs it is built from.
 */
export function newSharesService(d: NewSharesDeps) {
  const { db, clock, market } = d;
  const lottery = lotteryService(d);
  const { ensureCommitment, draw, release, promoteFrom, setStatus, noticeParams } = lottery;
  const jobs = newSharesJobs(d, lottery);

  // ---------------------------------------------------------------- reads

  async function offerings(userId: bigint, f: { market: Market; phase?: number }) {
    const now = clock.now();
    let rows = await repo.listOfferings(db, f.market);
    const phaseOf = (o: OfferingRow) =>
      offeringPhase(
        { state: o.state, startMs: o.subscribe_start.getTime(), endMs: o.subscribe_end.getTime() },
        now,
      );
    if (f.phase !== undefined) rows = rows.filter((o) => phaseOf(o) === f.phase);
    // Upcoming and subscribing: soonest first; ended: most recent first.
    rows.sort((a, b) =>
      f.phase === 2 || f.phase === undefined
        ? b.subscribe_start.getTime() - a.subscribe_start.getTime()
        : a.subscribe_start.getTime() - b.subscribe_start.getTime(),
    );
    const ids = rows.map((o) => o.id);
    const [mine, counts] = await Promise.all([
      repo.userApplications(db, userId, ids),
      repo.countApplications(db, ids),
    ]);
    const byOffering = new Map(mine.map((a) => [String(a.offering_id), a]));
    return rows.map((o) => ({
      offering: o,
      phase: phaseOf(o),
      applicants: counts.get(String(o.id)) ?? 0,
      mine: byOffering.get(String(o.id)) ?? null,
      lastPrice: o.state === OFFERING_STATE.listed ? (market.quote(o.code)?.price ?? null) : null,
    }));
  }

  async function records(userId: bigint, m: Market, page = 1, size = 50) {
    return repo.userRecords(db, userId, m, page, size);
  }

  /** The recorded draw of an offering, with its inputs, for anyone to recompute. */
  async function drawProof(id: bigint, m: Market) {
    const o = await repo.getOffering(db, id);
    if (!o || o.market !== m) return refuse('ipo.notFound');
    if (o.drawn_at === null || o.seed === null || o.result === null) return refuse('ipo.notDrawn');
    const apps = await repo.applicationsOf(db, id);
    return {
      offering: o,
      entries: apps.map((a) => ({ id: a.id, ref: sha256Hex(a.order_no), lots: a.quantity / IPO_LOT })),
      results: JSON.parse(o.result) as RecordedResult[],
    };
  }

  // ---------------------------------------------------------------- apply

  async function apply(
    user: Applicant,
    input: { id: bigint; quantity: bigint; market: Market; symbol?: string },
    key?: OperationKey,
  ) {
    if (user.state === 'restricted') refuse('account.restricted');
    if (user.state !== 'active') refuse('account.frozen');
    const now = clock.now();
    const found = await repo.getOffering(db, input.id);
    if (!found || found.market !== input.market) return refuse('ipo.notFound');
    if (input.symbol !== undefined && input.symbol !== found.code.toUpperCase())
      return refuse('ipo.notFound');
    const window = (o: OfferingRow) => {
      if (o.state !== OFFERING_STATE.scheduled) refuse('ipo.ended');
      if (now < o.subscribe_start.getTime()) refuse('ipo.notStarted');
      if (now >= o.subscribe_end.getTime()) refuse('ipo.ended');
    };
    window(found);
    if (input.quantity % IPO_LOT !== 0n) refuse('ipo.lotSize', { lot: IPO_LOT.toString() });
    if (input.quantity > found.max_per_application)
      refuse('ipo.aboveMax', { max: found.max_per_application.toString() });
    if (await repo.hasApplied(db, found.id, user.id)) refuse('ipo.alreadySubscribed');
    if (found.seed === null) await ensureCommitment(found.id);
    const settings = await loadSettings(db);
    const currency = found.market as Market;

    try {
      return await withTx(db, async (tx) => {
        // A shared lock: the draw (which locks it for update) cannot start while this application is written.
        const o = await repo.shareOffering(tx, found.id);
        if (!o) return refuse('ipo.notFound');
        window(o);
        const price = holdPrice(o);
        const amount = price * input.quantity;
        const orderNo = newOrderNo('I', now);
        const atApplication = settings.ipo_hold_at === 'application';
        const [cash, ipoAcc] = await lockLedgerAccounts(tx, [
          { owner: user.id, currency, kind: 'cash' },
          // held into the user's own allotment account: a paid allotment stays in total assets
          { owner: user.id, currency, kind: 'allotment' },
        ]);
        if (availableBalance(cash) < amount) refuse('ipo.insufficientFunds');
        const row = await repo.insertApplication(tx, {
          offering_id: o.id,
          user_id: user.id,
          order_no: orderNo,
          quantity: input.quantity,
          price,
          amount,
          status: atApplication ? APPLICATION_STATUS.held : APPLICATION_STATUS.applied,
          created_at: new Date(now),
          updated_at: new Date(now),
        });
        if (atApplication) {
          const hold = await holdMoney(
            tx,
            { from: cash.id, to: ipoAcc.id, amount, currency, code: 'ipo', ref: `ipo:${orderNo}` },
            'ipo.insufficientFunds',
          );
          await repo.updateApplication(tx, row.id, { hold_transfer: hold.id });
        }
        await d.markApplied(tx, key);
        return { id: String(row.id), order_no: orderNo, status: row.status };
      });
    } catch (err) {
      // Another request of this user got there first (one application per offering and user).
      if (isUniqueViolation(err)) refuse('ipo.alreadySubscribed');
      throw err;
    }
  }
  // ---------------------------------------------------------------- abstain

  async function abstain(userId: bigint, id: bigint, m: Market, key?: OperationKey) {
    const now = clock.now();
    const at = new Date(now);
    await withTx(db, async (tx) => {
      const mine = await repo.lockApplication(tx, id, userId);
      if (!mine) return refuse('ipo.recordNotFound');
      const o = await repo.lockOffering(tx, mine.offering_id);
      if (!o || o.market !== m) return refuse('ipo.recordNotFound');
      if (mine.outcome !== 'won' || mine.status !== APPLICATION_STATUS.paid) refuse('ipo.cannotAbstain');
      if (now >= o.payment_deadline.getTime() || o.state !== OFFERING_STATE.drawn)
        refuse('ipo.deadlinePassed');
      const apps = await repo.lockApplications(tx, o.id);
      const a = apps.find((x) => x.id === mine.id) as ApplicationRow;
      const currency = o.market as Market;
      const [cash, ipoAcc] = await lockLedgerAccounts(tx, [
        { owner: a.user_id, currency, kind: 'cash' },
        { owner: a.user_id, currency, kind: 'allotment' },
      ]);
      const refund: TransferRequest = {
        type: 'single',
        debitAccountId: ipoAcc.id,
        creditAccountId: cash.id,
        amount: a.paid,
        currency,
        code: 'ipo_refund',
        operationRef: `ipo:${a.order_no}`,
      };
      const [t] = await transfer(tx, [refund]);
      const lots = a.allotted / IPO_LOT;
      await setStatus(tx, a, APPLICATION_STATUS.abstained, { outcome: 'lost', allotted: 0n }, at);
      a.outcome = 'lost';
      a.allotted = 0n;
      await writeFundRecords(tx, [
        {
          userId: a.user_id,
          currency,
          type: 'ipo_refund',
          orderNo: a.order_no,
          amount: a.paid,
          transferId: t.id,
          ref: `ipo:${a.order_no}`,
          stockName: o.name_jp,
          stockCode: o.code,
          memo: 'declined',
          at,
        },
      ]);
      await sendNotice(tx, at, a.user_id, 'ipoAbstained', {
        ...noticeParams(o, a),
        amount: plainAmount(a.paid),
      });
      await promoteFrom(tx, o, apps, a.id, lots, at);
      await d.markApplied(tx, key);
    });
  }

  return {
    ensureCommitment,
    offerings,
    records,
    drawProof,
    apply,
    abstain,
    draw,
    release,
    expireWaitlist: jobs.expireWaitlist,
    list: jobs.list,
    syncListings: jobs.syncListings,
    runJobs: jobs.runJobs,
  };
}

export type NewSharesService = ReturnType<typeof newSharesService>;
