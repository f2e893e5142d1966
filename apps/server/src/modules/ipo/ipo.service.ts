import { createHash, randomBytes } from 'node:crypto';
import type { Tx, UserState } from '@kabuto/db';
import { isUniqueViolation, withTx } from '@kabuto/db';
import {
  APPLICATION_STATUS,
  type ApplicationStatus,
  type Board,
  drawLottery,
  IPO_LOT,
  type IpoMarket,
  ISO_CODE,
  ipoFirstPrice,
  type LotteryEntry,
  type LotteryResult,
  localDate,
  MARKET_ZONE,
  type Market,
  moveApplication,
  moveOffering,
  OFFERING_STATE,
  offeringPhase,
  POSITION_STATUS,
  promoteWaitlisted,
  type TickTableId,
  type Units,
} from '@kabuto/domain';
import {
  availableBalance,
  createTransfers,
  isInsufficientFunds,
  lockLedgerAccounts,
  shardFor,
  type TransferRequest,
} from '@kabuto/ledger';
import type { Instrument, MarketDataProvider } from '@kabuto/market';
import type { RawBuilder } from 'kysely';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { sendNotice } from '../../shared/notices.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import { loadSettings } from '../../shared/settings.ts';
import type { ApplicationRow, OfferingRow } from './ipo.repo.ts';
import * as repo from './ipo.repo.ts';

/** A request's idempotency key, as its route passes it in. */
export interface OperationKey {
  userId: bigint;
  path: string;
  key: string;
}

/** A leverage-1 position the listing writes (the trading module's batch insert, wired in app.ts). */
export interface NewSharePosition {
  user_id: bigint;
  order_no: string;
  market: string;
  symbol: string;
  direction: 1;
  order_type: 1;
  leverage: 1;
  quantity: bigint;
  limit_price: null;
  open_price: bigint;
  margin: bigint;
  buy_fee: bigint;
  stamp_duty: bigint;
  status: typeof POSITION_STATUS.holding;
  hold_margin_transfer: null;
  hold_fee_transfer: null;
  source: 'new_share';
  created_at: Date;
  filled_at: Date;
  updated_at: Date;
}

/** What the service is built from (app.ts wires it). */
export interface IpoDeps extends Deps {
  market: MarketDataProvider;
  /** Mark the request's idempotency key applied inside the operation's transaction. */
  markApplied(tx: Tx, key: OperationKey | undefined): Promise<void>;
  /** Insert positions in the caller's transaction (the trading repo's insert). */
  insertPositions(
    tx: Tx,
    rows: readonly NewSharePosition[],
    ctes?: readonly RawBuilder<unknown>[],
  ): Promise<{ id: bigint; order_no: string }[]>;
}

export interface Applicant {
  id: bigint;
  state: UserState;
}

/** "2026-11-25 15:00" in the exchange's zone. */
const localTime = (m: Market, d: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: MARKET_ZONE[m],
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(d);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The seed's SHA-256 as published: over the seed's hex text, so a browser can recompute it as given. */
export const commitmentOf = (seedHex: string) => sha256(seedHex);
/** The listing's first-price seed: derived from the lottery seed, so it too was fixed in advance. */
const listingSeed = (seedHex: string) => sha256(`${seedHex}:listing`);

const TICK_OF_BOARD: Record<string, TickTableId> = {
  tse_prime: 'tse_general',
  tse_standard: 'tse_general',
  tse_growth: 'tse_general',
  nyse: 'us',
  nasdaq: 'us',
  sse_main: 'cn',
  sse_star: 'cn',
  szse_main: 'cn',
  szse_chinext: 'cn',
  kospi: 'krx',
  kosdaq: 'krx_kosdaq',
};
export const tickOfBoard = (board: string): TickTableId => TICK_OF_BOARD[board] ?? 'tse_general';

/** The price an application is held at: the offer price, or the top of the range before pricing. */
export const holdPrice = (o: OfferingRow): Units => o.offer_price ?? o.range_high;

export const namesOf = (o: Pick<OfferingRow, 'name_jp' | 'name_cn' | 'name_us'>) => ({
  jp: o.name_jp,
  cn: o.name_cn,
  us: o.name_us,
});

/** The instrument a listed offering becomes. */
export function listingInstrument(o: OfferingRow): Instrument {
  const first = o.first_price ?? holdPrice(o);
  return {
    symbol: o.code,
    kind: 'stock',
    market: o.market as Market,
    board: o.board as Board,
    tickTable: tickOfBoard(o.board),
    names: namesOf(o),
    sharesOutstanding: o.shares * 4n,
    refPrice: first,
    listed: localDate(o.market as Market, o.listing_at.getTime()),
    sim: { listingOpen: first, dividendBp: 0 },
  };
}

export interface RecordedResult {
  id: string;
  outcome: 'won' | 'waitlisted' | 'lost';
  lots: string;
  rank: number;
}

export function newStockService(d: IpoDeps) {
  const { db, clock, market } = d;

  // ---------------------------------------------------------------- commitment

  /** Draw the seed and publish its SHA-256, once, when subscriptions open. */
  async function ensureCommitment(id: bigint): Promise<void> {
    await withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o || o.seed !== null) return;
      const seed = randomBytes(32).toString('hex');
      await repo.updateOffering(tx, id, {
        seed,
        commitment: commitmentOf(seed),
        updated_at: new Date(clock.now()),
      });
    });
  }

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
      entries: apps.map((a) => ({ id: a.id, lots: a.quantity / IPO_LOT })),
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
          { owner: null, currency, kind: 'ipo', shard: shardFor(user.id) },
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
          let holdId: bigint;
          try {
            const [t] = await createTransfers(tx, [
              {
                type: 'pending',
                debitAccountId: cash.id,
                creditAccountId: ipoAcc.id,
                amount,
                currency,
                code: 'ipo',
                operationRef: `ipo:${orderNo}`,
              },
            ]);
            holdId = t.id;
          } catch (err) {
            if (isInsufficientFunds(err)) refuse('ipo.insufficientFunds');
            throw err;
          }
          await repo.updateApplication(tx, row.id, { hold_transfer: holdId });
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

  // ---------------------------------------------------------------- settlement helpers

  const noticeParams = (o: OfferingRow, a: ApplicationRow) => ({
    name: o.name_jp,
    code: o.code,
    order: a.order_no,
    currency: ISO_CODE[o.market as Market],
    deadline: localTime(o.market as Market, o.payment_deadline),
  });

  async function setStatus(
    tx: Tx,
    a: ApplicationRow,
    to: ApplicationStatus,
    extra: Parameters<typeof repo.updateApplication>[2],
    at: Date,
  ) {
    moveApplication(a.status, to);
    await repo.updateApplication(tx, a.id, { ...extra, status: to, updated_at: at });
    a.status = to;
  }

  /**
   * A winner pays for `lots`: the hold is posted for the allotted part (the rest released), or — money
   * taken at the win — the amount is charged now. False when it could not be paid (abstained).
   */
  async function payWin(tx: Tx, o: OfferingRow, a: ApplicationRow, lots: bigint, at: Date): Promise<boolean> {
    const price = o.offer_price as Units;
    const amount = price * lots * IPO_LOT;
    const currency = o.market as Market;
    let transferId: bigint;
    if (a.hold_transfer !== null && a.status === APPLICATION_STATUS.held) {
      const [t] = await transfer(tx, [
        {
          type: 'post',
          pendingId: a.hold_transfer,
          amount,
          operationRef: `ipo:${a.order_no}`,
          memo: 'subscription payment',
        },
      ]);
      transferId = t.id;
    } else {
      const [cash, ipoAcc] = await lockLedgerAccounts(tx, [
        { owner: a.user_id, currency, kind: 'cash' },
        { owner: null, currency, kind: 'ipo', shard: shardFor(a.user_id) },
      ]);
      if (availableBalance(cash) < amount) {
        await setStatus(tx, a, APPLICATION_STATUS.abstained, { outcome: 'lost', allotted: 0n }, at);
        await sendNotice(tx, at, a.user_id, 'ipoPaymentFailed', noticeParams(o, a));
        return false;
      }
      const [t] = await transfer(tx, [
        {
          type: 'single',
          debitAccountId: cash.id,
          creditAccountId: ipoAcc.id,
          amount,
          currency,
          code: 'ipo',
          operationRef: `ipo:${a.order_no}`,
        },
      ]);
      transferId = t.id;
    }
    await setStatus(
      tx,
      a,
      APPLICATION_STATUS.paid,
      { outcome: 'won', allotted: lots * IPO_LOT, paid: amount },
      at,
    );
    await writeFundRecords(tx, [
      {
        userId: a.user_id,
        currency,
        type: 'ipo_payment',
        orderNo: a.order_no,
        amount: -amount,
        transferId,
        ref: `ipo:${a.order_no}`,
        stockName: o.name_jp,
        stockCode: o.code,
        memo: 'subscription payment',
        at,
      },
    ]);
    await sendNotice(tx, at, a.user_id, 'ipoWon', {
      ...noticeParams(o, a),
      shares: (lots * IPO_LOT).toString(),
      amount: plainAmount(amount),
    });
    return true;
  }

  /** Release an application that did not win: its hold voided, "not won". */
  async function release(
    tx: Tx,
    o: OfferingRow,
    a: ApplicationRow,
    at: Date,
    template: 'ipoNotWon' | 'ipoCancelled',
  ) {
    if (a.hold_transfer !== null && a.status === APPLICATION_STATUS.held) {
      await transfer(tx, [
        {
          type: 'void',
          pendingId: a.hold_transfer,
          operationRef: `ipo:${a.order_no}`,
          memo: 'refund of unsubscribed',
        },
      ]);
    }
    await setStatus(tx, a, APPLICATION_STATUS.notWon, { outcome: 'lost', allotted: 0n }, at);
    await sendNotice(tx, at, a.user_id, template, noticeParams(o, a));
  }

  /** The live results of a drawn offering, from its applications. */
  const liveResults = (apps: readonly ApplicationRow[]): LotteryResult[] =>
    apps
      .filter((a) => a.rank !== null)
      .map((a) => ({
        id: a.id,
        outcome: a.outcome === 'won' ? 'won' : a.outcome === 'waitlisted' ? 'waitlisted' : 'lost',
        lots: a.allotted / IPO_LOT,
        rank: a.rank as number,
      }));
  const entriesOf = (apps: readonly ApplicationRow[]): LotteryEntry[] =>
    apps.map((a) => ({ id: a.id, lots: a.quantity / IPO_LOT }));

  /** A winner gave its lots back: the waitlist moves up in draw order, each promoted one pays. */
  async function promoteFrom(
    tx: Tx,
    o: OfferingRow,
    apps: ApplicationRow[],
    freedId: bigint,
    freedLots: bigint,
    at: Date,
  ) {
    const byId = new Map(apps.map((a) => [a.id, a]));
    const queue: { id: bigint; lots: bigint }[] = [{ id: freedId, lots: freedLots }];
    while (queue.length > 0) {
      const { id, lots } = queue.shift() as { id: bigint; lots: bigint };
      // promoteWaitlisted frees the lots of a winner: present the one who gave them back as such.
      const results = liveResults(apps).map((r) =>
        r.id === id ? { ...r, outcome: 'won' as const, lots } : r,
      );
      const { results: next, promoted } = promoteWaitlisted(results, entriesOf(apps), id);
      for (const pid of promoted) {
        const a = byId.get(pid) as ApplicationRow;
        const r = next.find((x) => x.id === pid) as LotteryResult;
        await repo.updateApplication(tx, a.id, { outcome: 'won', updated_at: at });
        a.outcome = 'won';
        const paid = await payWin(tx, o, a, r.lots, at);
        if (!paid) queue.push({ id: a.id, lots: r.lots });
      }
    }
  }

  // ---------------------------------------------------------------- the lottery

  /**
   * The draw: `drawLottery(seed, applications in id order, lots)` from the domain. Winners' holds are
   * posted for what they won (the rest released), the others' voided; waitlisted ones keep theirs until
   * the payment deadline. The result is recorded with the seed, which is revealed from now on.
   */
  async function draw(id: bigint, actor: Actor | null) {
    const now = clock.now();
    const at = new Date(now);
    let seedMissing = false;
    const out = await withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o) return refuse('ipo.notFound');
      if (o.state !== OFFERING_STATE.scheduled)
        refuse(o.state === OFFERING_STATE.cancelled ? 'ipo.ended' : 'ipo.alreadyDrawn');
      if (now < o.subscribe_end.getTime()) refuse('ipo.lotteryNotDue');
      if (o.offer_price === null) refuse('ipo.notPriced');
      if (o.seed === null) {
        seedMissing = true;
        return null;
      }
      moveOffering(o.state, OFFERING_STATE.drawn);
      const apps = await repo.lockApplications(tx, o.id);
      const results = drawLottery({
        seed: o.seed,
        entries: entriesOf(apps),
        lots: o.shares / IPO_LOT,
        mode: o.draw_mode,
        waitlist: o.waitlist,
      });
      const recorded: RecordedResult[] = results.map((r) => ({
        id: String(r.id),
        outcome: r.outcome,
        lots: r.lots.toString(),
        rank: r.rank,
      }));
      await repo.updateOffering(tx, o.id, {
        state: OFFERING_STATE.drawn,
        result: JSON.stringify(recorded),
        drawn_at: at,
        updated_at: at,
      });
      const byId = new Map(apps.map((a) => [a.id, a]));
      for (const r of results) {
        const a = byId.get(r.id) as ApplicationRow;
        a.rank = r.rank;
        a.outcome = r.outcome;
        await repo.updateApplication(tx, a.id, { rank: r.rank, outcome: r.outcome, updated_at: at });
      }
      const failed: { id: bigint; lots: bigint }[] = [];
      for (const r of results) {
        const a = byId.get(r.id) as ApplicationRow;
        if (r.outcome === 'won') {
          if (!(await payWin(tx, o, a, r.lots, at))) failed.push({ id: a.id, lots: r.lots });
        } else if (r.outcome === 'lost') {
          await release(tx, o, a, at, 'ipoNotWon');
        } else {
          await sendNotice(tx, at, a.user_id, 'ipoWaitlisted', noticeParams(o, a));
        }
      }
      for (const f of failed) await promoteFrom(tx, o, apps, f.id, f.lots, at);
      const won = results.filter((r) => r.outcome === 'won').length;
      if (actor)
        await audit(
          tx,
          actor,
          {
            action: 'ipo.draw',
            target: `ipo_offering:${o.id}`,
            detail: { code: o.code, seed: o.seed, commitment: o.commitment, applications: apps.length, won },
          },
          at,
        );
      return {
        id: String(o.id),
        seed: o.seed,
        commitment: o.commitment ?? '',
        applications: apps.length,
        won,
      };
    });
    if (seedMissing) {
      // Nobody could apply without the window having opened, but a window that opened while no process
      // ran gets its seed now; the draw follows in a transaction of its own.
      await ensureCommitment(id);
      return draw(id, actor);
    }
    return out as NonNullable<typeof out>;
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
        { owner: null, currency, kind: 'ipo', shard: shardFor(a.user_id) },
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

  // ---------------------------------------------------------------- deadline and listing

  /** After the payment deadline, waitlisted applications that were not promoted are released. */
  async function expireWaitlist(id: bigint): Promise<number> {
    const now = clock.now();
    const at = new Date(now);
    return withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o || now < o.payment_deadline.getTime()) return 0;
      const apps = await repo.lockApplications(tx, o.id);
      let n = 0;
      for (const a of apps)
        if (a.outcome === 'waitlisted') {
          await release(tx, o, a, at, 'ipoNotWon');
          n++;
        }
      return n;
    });
  }

  /** Add a listed offering to the market data (every process does, at start and on each round). */
  function addToMarket(o: OfferingRow): boolean {
    if (market.instrument(o.code)) return false;
    market.addInstrument(listingInstrument(o));
    return true;
  }

  async function syncListings(): Promise<number> {
    let n = 0;
    for (const o of await repo.listedOfferings(db)) if (addToMarket(o)) n++;
    return n;
  }

  /**
   * The listing: the first price from the seeded IPO model under the exchange's opening rules, the
   * instrument joins the market data, and each paid winner holds a leverage-1 position at the offer
   * price (`source` new_share), its money moved from the subscription account into the user's margin.
   */
  async function list(id: bigint): Promise<boolean> {
    const now = clock.now();
    const at = new Date(now);
    await expireWaitlist(id);
    const listed = await withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o || o.state !== OFFERING_STATE.drawn || now < o.listing_at.getTime()) return null;
      moveOffering(o.state, OFFERING_STATE.listed);
      const price = o.offer_price as Units;
      const currency = o.market as Market;
      const first = ipoFirstPrice(
        listingSeed(o.seed as string),
        currency as IpoMarket,
        price,
        tickOfBoard(o.board),
      );
      const apps = (await repo.lockApplications(tx, o.id)).filter(
        (a) => a.status === APPLICATION_STATUS.paid,
      );
      const accounts = await lockLedgerAccounts(
        tx,
        apps.flatMap((a) => [
          { owner: null, currency, kind: 'ipo' as const, shard: shardFor(a.user_id) },
          { owner: a.user_id, currency, kind: 'margin' as const },
        ]),
      );
      if (apps.length > 0)
        await transfer(
          tx,
          apps.map((a, i) => ({
            type: 'single' as const,
            // the accounts come back in the order asked: each application's ipo shard, then its margin
            debitAccountId: accounts[2 * i].id,
            creditAccountId: accounts[2 * i + 1].id,
            amount: a.paid,
            currency,
            code: 'ipo' as const,
            operationRef: `ipo:${a.order_no}`,
          })),
        );
      const positions = await d.insertPositions(
        tx,
        apps.map((a) => ({
          user_id: a.user_id,
          order_no: a.order_no,
          market: currency,
          symbol: o.code,
          direction: 1,
          order_type: 1,
          leverage: 1,
          quantity: a.allotted,
          limit_price: null,
          open_price: price,
          margin: a.paid,
          buy_fee: 0n,
          stamp_duty: 0n,
          status: POSITION_STATUS.holding,
          hold_margin_transfer: null,
          hold_fee_transfer: null,
          source: 'new_share',
          created_at: at,
          filled_at: at,
          updated_at: at,
        })),
      );
      const posOf = new Map(positions.map((p) => [p.order_no, p.id]));
      for (const a of apps) {
        await setStatus(tx, a, APPLICATION_STATUS.listed, { position_id: posOf.get(a.order_no) ?? null }, at);
        await sendNotice(tx, at, a.user_id, 'ipoListed', {
          name: o.name_jp,
          code: o.code,
          first: plainAmount(first),
          price: plainAmount(price),
          shares: a.allotted.toString(),
        });
      }
      await repo.updateOffering(tx, o.id, {
        state: OFFERING_STATE.listed,
        first_price: first,
        listed_at: at,
        updated_at: at,
      });
      return { ...o, state: OFFERING_STATE.listed, first_price: first, listed_at: at };
    });
    if (listed) addToMarket(listed);
    return listed !== null;
  }

  /** The leader's round: publish commitments, draw what is due, release the waitlists, list. */
  async function runJobs() {
    const now = new Date(clock.now());
    const out = { committed: 0, drawn: 0, expired: 0, listed: 0 };
    for (const o of await repo.openedWithoutSeed(db, now)) {
      await ensureCommitment(o.id);
      out.committed++;
    }
    for (const o of await repo.dueForDraw(db, now)) {
      await draw(o.id, null);
      out.drawn++;
    }
    for (const o of await repo.waitlistExpired(db, now)) out.expired += await expireWaitlist(o.id);
    for (const o of await repo.dueForListing(db, now)) if (await list(o.id)) out.listed++;
    await syncListings();
    return out;
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
    expireWaitlist,
    list,
    syncListings,
    runJobs,
  };
}

export type NewStockService = ReturnType<typeof newStockService>;
