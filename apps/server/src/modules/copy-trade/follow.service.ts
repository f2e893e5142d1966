import { type Tx, withTx } from '@kabuto/db';
import {
  followRefusal,
  initialStakeState,
  lockInEnd,
  type Market,
  STAKE_CODE,
  STAKE_CODED,
  unitsFor,
} from '@kabuto/domain';
import { ledgerAccounts } from '@kabuto/ledger';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import {
  type CopyTradeDeps,
  type Follower,
  type FollowInput,
  holdingsOf,
  liveNav,
  type OperationKey,
  PRODUCT_STATUS,
} from './copy-trade.deps.ts';
import * as repo from './copy-trade.repo.ts';

/**
 * Following and redeeming. Following moves the amount from cash to the user's stake account at the NAV
 * now ("copy trade"); redeeming after the lock-in, or the product's end, moves what is left of the stake
 * back to cash ("copy trade refund"). Each in one transaction with the stake's row and its fund record.
 */
export function followService(d: CopyTradeDeps) {
  const { db, clock, market, keys } = d;

  async function follow(user: Follower, input: FollowInput, key?: OperationKey) {
    if (user.state === 'restricted') refuse('account.restricted');
    if (!user.hasFundPassword) refuse('account.fundPasswordNotSet');
    const found = await repo.getProduct(db, input.productId);
    if (!found) return refuse('product.notFound');
    if (found.market !== input.market) refuse('trade.marketMismatch', { symbol: found.name_jp });
    const check = (p: repo.ProductRow, now: number) => {
      const why = followRefusal(
        {
          listed: p.status === PRODUCT_STATUS.listed,
          deadlineMs: p.deadline_at.getTime(),
          endsMs: p.ends_at.getTime(),
          minimum: p.minimum,
          capacity: p.capacity,
          raised: p.raised,
        },
        input.amount,
        now,
      );
      if (why === 'product.belowMinimum') refuse(why, { min: plainAmount(p.minimum) });
      if (why === 'product.capacityExceeded') refuse(why, { left: plainAmount(p.capacity - p.raised) });
      if (why) refuse(why);
    };
    check(found, clock.now());
    if (input.fundPassword !== undefined) await d.verifyFundPassword(user.id, input.fundPassword);
    const cons = await repo.constituents(db, [found.id]);
    const nav = liveNav(market, holdingsOf(cons));
    if (nav === null || nav <= 0n) return refuse('product.noPrice');
    const now = clock.now();
    const at = new Date(now);
    const mkt = found.market as Market;
    const orderNo = newOrderNo('F', now);
    return withTx(db, async (tx) => {
      const p = await repo.lockProduct(tx, found.id);
      if (!p) return refuse('product.notFound');
      check(p, now);
      const [cash, stake] = await ledgerAccounts(tx, [
        { owner: user.id, currency: mkt, kind: 'cash' },
        { owner: user.id, currency: mkt, kind: 'stake' },
      ]);
      const [t] = await transfer(tx, [
        {
          type: 'single',
          debitAccountId: cash.id,
          creditAccountId: stake.id,
          amount: input.amount,
          currency: mkt,
          code: 'product',
          operationRef: `product:${orderNo}`,
        },
      ]);
      const units = unitsFor(input.amount, nav);
      const state = initialStakeState(p.lock_days);
      const row = await repo.insertStake(tx, {
        product_id: p.id,
        user_id: user.id,
        order_no: orderNo,
        market: mkt,
        amount: input.amount,
        units,
        entry_nav: nav,
        last_nav: nav,
        stake: input.amount,
        status: STAKE_CODE[state],
        lock_until: new Date(lockInEnd(now, p.lock_days)),
        created_at: at,
      });
      await repo.addRaised(tx, p.id, input.amount);
      await writeFundRecords(tx, [
        {
          userId: user.id,
          currency: mkt,
          type: 'copy_trade',
          orderNo,
          amount: -input.amount,
          transferId: t.id,
          productName: p.name_jp,
          issuer: p.issuer,
          at,
        },
      ]);
      await keys.markApplied(tx, key);
      return { id: String(row.id), order_no: orderNo, status: row.status, units, nav };
    });
  }

  /**
   * End a stake inside the caller's transaction (locked row): what is left of it returns to cash. The
   * status machine refuses an ended stake.
   */
  async function endStake(tx: Tx, s: repo.StakeRow, p: repo.ProductRow, at: Date) {
    if (s.status === STAKE_CODE.ended) return refuse('product.stakeEnded');
    const to = STAKE_CODED.move(s.status, STAKE_CODE.ended);
    const mkt = s.market as Market;
    let refund = 0n;
    if (s.stake > 0n) {
      const [cash, stake] = await ledgerAccounts(tx, [
        { owner: s.user_id, currency: mkt, kind: 'cash' },
        { owner: s.user_id, currency: mkt, kind: 'stake' },
      ]);
      const [t] = await transfer(tx, [
        {
          type: 'single',
          debitAccountId: stake.id,
          creditAccountId: cash.id,
          amount: s.stake,
          currency: mkt,
          code: 'product_refund',
          operationRef: `product:${s.order_no}`,
        },
      ]);
      await writeFundRecords(tx, [
        {
          userId: s.user_id,
          currency: mkt,
          type: 'copy_trade_refund',
          orderNo: s.order_no,
          amount: s.stake,
          transferId: t.id,
          productName: p.name_jp,
          issuer: p.issuer,
          at,
        },
      ]);
      refund = s.stake;
    }
    await repo.updateStake(tx, s.id, { status: to, stake: 0n, ended_at: at });
    return refund;
  }

  /** Redeem one's own stake once its lock-in is over. */
  async function redeem(userId: bigint, stakeId: bigint, mkt: Market, key?: OperationKey) {
    const now = clock.now();
    const at = new Date(now);
    return withTx(db, async (tx) => {
      const s = await repo.lockStake(tx, stakeId);
      if (!s || s.user_id !== userId) return refuse('product.stakeNotFound');
      if (s.market !== mkt) refuse('trade.marketMismatch', { symbol: s.order_no });
      if (s.status === STAKE_CODE.ended) refuse('product.stakeEnded');
      if (s.lock_until.getTime() > now)
        refuse('product.lockedIn', { date: new Date(s.lock_until).toISOString().slice(0, 10) });
      const p = (await repo.lockProduct(tx, s.product_id))!;
      // a stake whose lock-in is over is following, even before the job has moved it
      const from =
        s.status === STAKE_CODE.locked ? STAKE_CODED.move(s.status, STAKE_CODE.following) : s.status;
      const refund = await endStake(tx, { ...s, status: from }, p, at);
      await keys.markApplied(tx, key);
      return { id: String(s.id), refund };
    });
  }

  /** A user's orders of a market, newest first, with the P&L of the last booked day. */
  async function orders(userId: bigint, mkt: Market) {
    const rows = await repo.userStakes(db, userId, mkt);
    const last = await repo.lastDays(
      db,
      rows.map((r) => r.id),
    );
    const now = clock.now();
    return rows.map((r) => ({
      ...r,
      // the lock-in may be over before the job has moved the stake
      status:
        r.status === STAKE_CODE.locked && r.lock_until.getTime() <= now ? STAKE_CODE.following : r.status,
      lastDay: last.get(r.id) ?? 0n,
    }));
  }

  return { follow, redeem, endStake, orders };
}

export type FollowService = ReturnType<typeof followService>;
