import type { Tx } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import {
  APPLICATION_STATUS,
  type ApplicationStatus,
  type CommittedEntry,
  drawLottery,
  entryListText,
  IPO_LOT,
  ISO_CODE,
  type LotteryEntry,
  type LotteryResult,
  type Market,
  moveApplication,
  moveOffering,
  OFFERING_STATE,
  promoteWaitlisted,
  type Units,
} from '@kabuto/domain';
import { availableBalance, lockLedgerAccounts } from '@kabuto/ledger';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import { newSeed, sha256Hex } from '../../shared/commitment.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { sendNotice } from '../../shared/notices.ts';
import { settleDraw } from './draw-settlement.ts';
import { localTime, type NewSharesDeps, type RecordedResult } from './new-shares.deps.ts';
import type { ApplicationRow, OfferingRow } from './new-shares.repo.ts';
import * as repo from './new-shares.repo.ts';

/**
 * The lottery: the seed's commitment when the window opens, the commit–reveal draw, and what follows a
 * result (a winner's payment, a release, the waitlist moving up when a winner gives lots back).
 */
export function lotteryService(d: NewSharesDeps) {
  const { db, clock } = d;

  // ---------------------------------------------------------------- commitment

  /** Draw the seed and publish its SHA-256, once, when subscriptions open. */
  async function ensureCommitment(id: bigint): Promise<void> {
    await withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o || o.seed !== null) return;
      const { seed, commitment } = newSeed();
      await repo.updateOffering(tx, id, {
        seed,
        commitment,
        updated_at: new Date(clock.now()),
      });
    });
  }

  /**
   * The entry list's commitment (F9): when the window has closed, the SHA-256 of `entryListText` over the
   * applications (id, the SHA-256 of the order number, lots) is stored and published, before the seed is
   * revealed. Returns the committed hash (computed now when it was not yet).
   */
  async function commitEntries(tx: Tx, o: OfferingRow, apps: readonly ApplicationRow[]): Promise<string> {
    const hash = sha256Hex(entryListText(committedEntries(apps)));
    if (o.entries_commitment === null) {
      await repo.updateOffering(tx, o.id, { entries_commitment: hash, updated_at: new Date(clock.now()) });
      o.entries_commitment = hash;
    }
    return o.entries_commitment;
  }

  /** The leader's job at the window's close: commit the entry list of an offering. */
  async function ensureEntriesCommitment(id: bigint): Promise<void> {
    await withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o || o.entries_commitment !== null || clock.now() < o.subscribe_end.getTime()) return;
      await commitEntries(tx, o, await repo.lockApplications(tx, o.id));
    });
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
        // the allotment stays the user's (counted in total assets) until it lists
        { owner: a.user_id, currency, kind: 'allotment' },
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
  const committedEntries = (apps: readonly ApplicationRow[]): CommittedEntry[] =>
    apps.map((a) => ({ id: a.id, ref: sha256Hex(a.order_no), lots: a.quantity / IPO_LOT }));
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
      // The draw runs on the committed entry list only (committed here if the job has not yet).
      const listed = sha256Hex(entryListText(committedEntries(apps)));
      if (o.entries_commitment !== null && o.entries_commitment !== listed) refuse('draw.entriesChanged');
      await commitEntries(tx, o, apps);
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
      // Set-based: the rows, payments, fund records and notices of every result in batches (draw-settlement.ts),
      // all in this transaction; a winner short of cash abstains there and the waitlist moves up here.
      const byId = new Map(apps.map((a) => [a.id, a]));
      const failed = await settleDraw(tx, { noticeParams }, o, byId, results, at);
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

  return { ensureCommitment, ensureEntriesCommitment, draw, release, promoteFrom, setStatus, noticeParams };
}

export type LotteryService = ReturnType<typeof lotteryService>;
