import { API_DB_KINDS } from '@kabuto/db/testing';
import { forcedCloseAt, formatUnits } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { dayTradeJobs } from '../src/modules/day-trading/day-trade.jobs.ts';
import { markApplied } from '../src/shared/idempotency-keys.ts';
import {
  expectOk,
  expectRefusal,
  processDeps,
  readyUser,
  type Session,
  T0,
  type TestApp,
} from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { available, fund, pinPrices, trader, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

const rows = (data: Record<string, unknown>) =>
  Object.keys(data)
    .filter((k) => /^\d+$/.test(k))
    .map((k) => data[k] as Record<string, any>);
const jst = (hm: string) => Date.parse(`2026-11-24T${hm}:00+09:00`);
/** T0's day (Tuesday 2026-11-24): the forced close, 10 minutes before continuous trading ends. */
const CUT = forcedCloseAt('jpy', '2026-11-24', 10) as number;

describe.each(API_DB_KINDS)('day trading on %s', (kind) => {
  let t: TestApp;
  let op: string;
  let release: (() => void) | null = null;
  productSuite(kind, (s) => ({ t, op } = s), {
    afterEach: () => {
      release?.();
      release = null;
    },
  });

  /** A verified user with a fund password and ¥5,000,000. */
  const user = async () => {
    const s = await readyUser(t, { opToken: op });
    await fund(t, s, 'jpy', '5000000');
    return s;
  };
  const apply = (s: Session, money: string, type = 'jpy') => t.money('/trade/rnjy', { money, type }, s);
  const list = async (s: Session) =>
    expectOk(await t.call('/trade/urnjylist', { type: 'jpy' }, { token: s.token })) as Record<string, any>[];
  const info = async (s: Session) =>
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
  const queue = async (status = 'pending') =>
    expectOk(await t.admin('/daytrades/list', { status, size: 200 }, op)).list as Record<string, any>[];
  const decide = (id: string, approve: boolean, reason?: string) =>
    t.admin('/daytrades/decide', { id, approve, ...(reason ? { reason } : {}) }, op);
  const buy = (s: Session, body: Record<string, unknown>) =>
    t.money(
      '/trade/buy_stock',
      { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 2, symbol: '7203', zhang: '100', dz_type: 3, ...body },
      s,
    );
  const dayPositions = async (s: Session) =>
    expectOk(await t.call('/trade/userstocklist', { type: 'jpy', buy_type: 1 }, { token: s.token }));
  const approved = async (s: Session, money = '1000000') => {
    const app = expectOk(await apply(s, money));
    expectOk(await decide(app.id, true));
    return app as { id: string; order_no: string };
  };
  const notices = async (s: Session) =>
    expectOk(await t.call('/user/notice', { lang: 'us' }, { token: s.token })) as { title: string }[];

  it('applies: the amount is held at once (frozen), in review for today, seen only by its owner', async () => {
    const a = await user();
    const b = await user();
    const before = u(await available(t, a));
    const frozen = u((await info(a)).frozen);
    const r = expectOk(await apply(a, '1000000'));
    expect(r).toMatchObject({ status: 0, trade_date: '2026-11-24' });
    expect(u(await available(t, a))).toBe(before - u('1000000'));
    expect(u((await info(a)).frozen)).toBe(frozen + u('1000000'));
    expect(u((await info(a)).total_assets)).toBe(before + frozen);
    const [row] = await list(a);
    expect(row).toMatchObject({
      id: r.id,
      credit: '1000000.0000',
      status: 0,
      state: 'dayTrade.state.review',
      yingkui: '0.0000',
      positions: 0,
      reason: '',
      end_time: null,
    });
    expect(await list(b)).toEqual([]);
    // the queue shows it with its suitability
    const q = (await queue()).find((x) => x.id === r.id)!;
    expect(q).toMatchObject({ account: a.account, amount: '1000000.0000', stage: 'review', kyc: true });
    expect(q).toMatchObject({ restricted: false, unpaid_loan: false, status: 'pending' });
  });

  it('refuses an application: below the minimum, above the maximum, a second open one, more than the balance, a T+1 market, no fund password, bad input', async () => {
    const a = await user();
    expectRefusal(await apply(a, '99999'), 'dayTrade.belowMinimum');
    expectRefusal(await apply(a, '10000001'), 'dayTrade.aboveMaximum');
    expectRefusal(await apply(a, '6000000'), 'money.insufficientAvailable');
    expectRefusal(await apply(a, '100000', 'cny'), 'dayTrade.marketNotAllowed');
    expectOk(await apply(a, '100000'));
    expectRefusal(await apply(a, '100000'), 'dayTrade.pending');
    for (const money of ['abc', '-5', '', '1.23456'])
      expect((await apply(a, money)).body).toMatchObject({
        status: 0,
        code: expect.stringMatching(/^validation\./),
      });
    const nopass = await t.newUser('np');
    await fund(t, nopass, 'jpy', '1000000');
    expectRefusal(await apply(nopass, '100000'), 'account.fundPasswordNotSet');
    expect((await t.call('/trade/rnjy', { money: '100000' })).http).toBe(401);
  });

  it('a day-trade order is refused until approved; the operator approves; the line is traded within its limit', async () => {
    const a = await user();
    const app = expectOk(await apply(a, '1000000'));
    release = pinPrices(t, { '7203': u('2500') });
    expectRefusal(await buy(a, {}), 'dayTrade.notApproved');
    expectOk(await decide(app.id, true));
    expectRefusal(await decide(app.id, true), 'review.alreadyDecided');
    expectRefusal(await decide(app.id, false, 'late'), 'review.alreadyDecided');
    expect((await list(a))[0]).toMatchObject({ status: 1, remaining: '1000000.0000' });
    expect((await notices(a)).some((n) => n.title === 'Day trading approved')).toBe(true);
    // the held amount became the line: still frozen, the fund record says so
    const records = expectOk(
      await t.call('/user/capitalloglist', { page: 1, type: 'jpy' }, { token: a.token }),
    );
    expect(JSON.stringify(records)).toContain('day_trade');

    expectRefusal(await buy(a, { ganggan: 10 }), 'dayTrade.leverageNotAllowed');
    expectRefusal(await buy(a, { gdlx: 2, buy_price: '2500' }), 'dayTrade.marketOrderOnly');
    // 100 × 2500 / 2 = 125,000 margin; 1000 shares = 1,250,000 > the line
    expectRefusal(await buy(a, { zhang: '1000' }), 'dayTrade.lineExceeded');
    const pos = expectOk(await buy(a, { zhang: '300' }));
    expect(pos.status).toBe(0);
    expect((await list(a))[0]).toMatchObject({
      status: 3,
      state: 'dayTrade.state.trading',
      used: '375000.0000',
      remaining: '625000.0000',
      positions: 1,
      stock_code: '7203',
    });
    // 625,000 left: 400 shares (500,000) fit, then 200 more (250,000) do not
    expectOk(await buy(a, { zhang: '400' }));
    expectRefusal(await buy(a, { zhang: '200' }), 'dayTrade.lineExceeded');
    expect((await list(a))[0]).toMatchObject({ used: '875000.0000', remaining: '125000.0000' });
    const open = rows(await dayPositions(a));
    expect(open.map((p) => p.dz_type)).toEqual([3, 3]);
    expect(open.every((p) => p.stock_code === '7203' && p.ganggang === '2')).toBe(true);
    // the ordinary list still shows them, marked
    const all = rows(expectOk(await t.call('/trade/userstocklist', { type: 'jpy' }, { token: a.token })));
    expect(all.filter((p) => p.dz_type === 3)).toHaveLength(2);
  });

  it('refuses day-trade orders outside the session and after the forced close', async () => {
    const a = await user();
    await approved(a);
    t.clock.set(jst('12:00'));
    expectRefusal(await buy(a, {}), 'trade.outsideHours');
    t.clock.set(CUT);
    expectRefusal(await buy(a, {}), 'dayTrade.closing');
  });

  it('forces every day-trade position closed at the configured time and settles the line once', async () => {
    const a = await user();
    const app = await approved(a, '1000000');
    const start = u(await available(t, a));
    release = pinPrices(t, { '7203': u('2500') });
    const p1 = expectOk(await buy(a, { zhang: '200' }));
    const p2 = expectOk(await buy(a, { zhang: '100', buyzd: 2 }));
    // before the forced close, nothing happens
    t.clock.set(CUT - 60_000);
    await t.app.kabuto.jobs.runOnce();
    expect(rows(await dayPositions(a))).toHaveLength(2);
    release();
    release = pinPrices(t, { '7203': u('2600') });
    t.clock.set(CUT + 60_000);
    const first = (await t.app.kabuto.jobs.runOnce()) as unknown as { dayTrade: Record<string, number> };
    // (lines of the earlier cases, on the same day, end in the same round)
    expect(first.dayTrade.forcedClosed).toBeGreaterThanOrEqual(2);
    expect(first.dayTrade.settled).toBeGreaterThanOrEqual(1);
    expect(rows(await dayPositions(a))).toHaveLength(0);
    const closed = rows(expectOk(await t.call('/trade/userstocklists', { type: 'jpy' }, { token: a.token })));
    const mine = closed.filter((p) => p.id === p1.id || p.id === p2.id);
    expect(mine.map((p) => [p.close_reason, p.dz_type])).toEqual([
      ['forced', 3],
      ['forced', 3],
    ]);
    const pnl = mine.reduce((s, p) => s + u(p.yingkui), 0n);
    const [row] = await list(a);
    expect(row).toMatchObject({
      id: app.id,
      status: 4,
      state: 'dayTrade.state.complete',
      remaining: '0.0000',
    });
    // settlement: the line ± the realised P&L − every fee, back to cash
    expect(u(row.payout)).toBe(u('1000000') + pnl);
    expect(u(row.yingkui)).toBe(pnl);
    // the realised gains' tax (特定口座・源泉徴収あり, the default) comes out of cash at each close
    const taxed = await t.db
      .selectFrom('tax_event')
      .select((e) => e.fn.sum<string>(e('national', '+', e.ref('local'))).as('tax'))
      .where('user_id', '=', await userIdOf(t, a))
      .executeTakeFirstOrThrow();
    expect(u(await available(t, a))).toBe(start + u('1000000') + pnl - BigInt(taxed.tax ?? 0));
    // long 200 gained 100/share, short 100 lost 100/share: +10,000 less every fee of the round trips
    const fees = mine.reduce((s, p) => s + u(p.buy_fee) + u(p.sell_fee) + u(p.stamp_duty), 0n);
    expect(pnl).toBe(u('10000') - fees);
    expect(u((await info(a)).frozen)).toBe(0n);
    const titles = (await notices(a)).map((n) => n.title);
    expect(titles.filter((x) => x === 'Position force-closed')).toHaveLength(2);
    expect(titles).toContain('Day trading settled');

    // a second run (and a third) settles nothing more
    const cash = u(await available(t, a));
    const second = (await t.app.kabuto.jobs.runOnce()) as unknown as { dayTrade: Record<string, number> };
    expect(second.dayTrade).toMatchObject({ forcedClosed: 0, settled: 0 });
    await t.app.kabuto.jobs.runOnce();
    expect(u(await available(t, a))).toBe(cash);
    const settlements = await t.db
      .selectFrom('fund_record')
      .select('amount')
      .where('user_id', '=', await userIdOf(t, a))
      .where('type', '=', 'day_trade_settlement')
      .execute();
    expect(settlements).toHaveLength(1);
    // the line is spent: a new application is for the next trading day
    expect(expectOk(await apply(a, '100000')).trade_date).toBe('2026-11-25');
  });

  it('a user may close a day-trade position himself: the money returns to the line, not to cash', async () => {
    const a = await user();
    await approved(a, '500000');
    release = pinPrices(t, { '7203': u('2500') });
    const cash = u(await available(t, a));
    const pos = expectOk(await buy(a, { zhang: '100' }));
    expectOk(await t.money('/trade/sell_stock', { id: pos.id, type: 'jpy' }, a));
    expect(u(await available(t, a))).toBe(cash);
    const [row] = await list(a);
    expect(row).toMatchObject({ status: 3, used: '0.0000', remaining: '500000.0000' });
    expect(u(row.yingkui) <= 0n).toBe(true); // the fees of the round trip (if any) at an unchanged price
    t.clock.set(CUT + 60_000);
    await t.app.kabuto.jobs.runOnce();
    const [done] = await list(a);
    expect(done.status).toBe(4);
    expect(u(await available(t, a))).toBe(cash + u(done.payout));
  });

  it('rejection voids the hold, with the reason; a reason is required', async () => {
    const a = await user();
    const before = u(await available(t, a));
    const app = expectOk(await apply(a, '200000'));
    expectRefusal(await decide(app.id, false), 'admin.reasonRequired');
    expectOk(await decide(app.id, false, 'Trading experience not confirmed'));
    expect(u(await available(t, a))).toBe(before);
    expect((await list(a))[0]).toMatchObject({
      status: 2,
      state: 'dayTrade.state.rejected',
      reason: 'Trading experience not confirmed',
    });
    expect((await notices(a)).some((n) => n.title === 'Day trading rejected')).toBe(true);
    expectRefusal(await decide(app.id, true), 'review.alreadyDecided');
    const audit = expectOk(await t.admin('/audit/list', { size: 50 }, op));
    expect(JSON.stringify(audit)).toContain(`day_trade:${app.id}`);
  });

  it('approval checks suitability: verified identity, not restricted, no unpaid loan', async () => {
    const unverified = await trader(t, { jpy: '1000000' });
    const app = expectOk(await apply(unverified, '100000'));
    expect((await queue()).find((x) => x.id === app.id)).toMatchObject({ kyc: false });
    expectRefusal(await decide(app.id, true), 'dayTrade.notVerified');
    expect((await list(unverified))[0].status).toBe(0);

    const owing = await user();
    const app2 = expectOk(await apply(owing, '100000'));
    await t.db
      .insertInto('loan')
      .values({
        order_no: `LTEST${app2.id}`,
        user_id: await userIdOf(t, owing),
        currency: 'jpy',
        amount: u('1000'),
        rate_ppm: 80000,
        status: 1,
        created_at: new Date(T0),
      } as never)
      .execute();
    expectRefusal(await decide(app2.id, true), 'dayTrade.unpaidLoan');

    const restricted = await user();
    const app3 = expectOk(await apply(restricted, '100000'));
    await t.db
      .updateTable('app_user')
      .set({ state: 'restricted' })
      .where('id', '=', await userIdOf(t, restricted))
      .execute();
    expectRefusal(await decide(app3.id, true), 'dayTrade.restricted');
    // not suitable: the operator rejects, the holds are voided
    for (const id of [app.id, app2.id, app3.id]) expectOk(await decide(id, false, 'not suitable'));
  });

  it('a day that never traded fails: an approved line returns whole, an undecided application is voided', async () => {
    const a = await user();
    const b = await user();
    const cashA = u(await available(t, a));
    const cashB = u(await available(t, b));
    await approved(a, '300000');
    const pending = expectOk(await apply(b, '300000'));
    t.clock.set(CUT + 60_000);
    const r = (await t.app.kabuto.jobs.runOnce()) as unknown as { dayTrade: Record<string, number> };
    expect(r.dayTrade.expired).toBeGreaterThanOrEqual(1);
    expect((await list(a))[0]).toMatchObject({
      status: 5,
      state: 'dayTrade.state.failed',
      payout: '300000.0000',
    });
    expect((await list(b))[0]).toMatchObject({ id: pending.id, status: 5 });
    expect(u(await available(t, a))).toBe(cashA);
    expect(u(await available(t, b))).toBe(cashB);
    // too late to approve now
    const late = await user();
    const app = expectOk(await apply(late, '100000'));
    expect(app.trade_date).toBe('2026-11-25');
    expectOk(await decide(app.id, false, 'cleanup'));
  });

  it('the round reads the open applications a batch at a time and settles those of every batch', async () => {
    // the round of another process, reading two applications at a time: three lines span two batches
    const unused = () => {
      throw new Error('not used by the round of lines that never traded');
    };
    const jobs = dayTradeJobs(
      {
        ...processDeps(t),
        marketFill: unused,
        keys: { markApplied },
        insertPositions: unused,
        closeLocked: unused,
        lockPosition: unused,
        identity: unused,
        hasUnpaidLoan: unused,
      },
      { batch: 2 },
    );
    const users = [await user(), await user(), await user()];
    const cash = [];
    for (const s of users) {
      cash.push(u(await available(t, s)));
      await approved(s, '200000');
    }
    t.clock.set(CUT + 60_000);
    const r = await jobs.runJobs();
    expect(r.settled).toBe(3);
    for (const [i, s] of users.entries()) {
      expect((await list(s))[0]).toMatchObject({ status: 5, payout: '200000.0000' });
      expect(u(await available(t, s))).toBe(cash[i]);
    }
    expect(await jobs.runJobs()).toMatchObject({ settled: 0 });
  });

  it('the lines of a batch settle together as each would alone: a gain, a loss, a line never traded', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    await approved(a, '1000000');
    await approved(b, '800000');
    await approved(c, '300000');
    release = pinPrices(t, { '7203': u('2500') });
    const pa = expectOk(await buy(a, { zhang: '200' })); // long: gains when the price rises
    const pb = expectOk(await buy(b, { zhang: '100', buyzd: 2 })); // short: loses
    release();
    release = pinPrices(t, { '7203': u('2600') });
    t.clock.set(CUT + 60_000);
    // one round: the forced closes, then the lines (all in its first batch of 1,000) settle together
    await t.app.kabuto.jobs.runOnce();
    const closed = async (s: Session, id: string) =>
      rows(expectOk(await t.call('/trade/userstocklists', { type: 'jpy' }, { token: s.token }))).find(
        (p) => p.id === id,
      )!;
    const pnlA = u((await closed(a, pa.id)).yingkui);
    const pnlB = u((await closed(b, pb.id)).yingkui);
    expect(pnlA > 0n).toBe(true);
    expect(pnlB < 0n).toBe(true);
    const cases: [Session, bigint, bigint, number, string][] = [
      [a, u('1000000'), pnlA, 4, 'Day trading settled'],
      [b, u('800000'), pnlB, 4, 'Day trading settled'],
      [c, u('300000'), 0n, 5, 'Day trading not carried out'],
    ];
    for (const [s, amount, pnl, status, title] of cases) {
      const [row] = await list(s);
      expect(row).toMatchObject({ status, payout: formatUnits(amount + pnl) });
      expect(u(row.yingkui)).toBe(pnl);
      // one settlement record, the line's whole balance, with the cash balance right after it
      const uid = await userIdOf(t, s);
      const records = await t.db
        .selectFrom('fund_record')
        .select(['amount', 'balance', 'order_no', 'ref', 'transfer_id'])
        .where('user_id', '=', uid)
        .where('type', '=', 'day_trade_settlement')
        .execute();
      const cash = await t.db
        .selectFrom('ledger_account')
        .select(['credits_posted', 'debits_posted'])
        .where('owner', '=', uid)
        .where('currency', '=', 'jpy')
        .where('kind', '=', 'cash')
        .executeTakeFirstOrThrow();
      expect(records).toEqual([
        {
          amount: amount + pnl,
          balance: cash.credits_posted - cash.debits_posted,
          order_no: row.order_no,
          ref: `daytrade:${row.order_no}`,
          transfer_id: expect.any(BigInt),
        },
      ]);
      const tr = await t.db
        .selectFrom('ledger_transfer')
        .select(['amount', 'code', 'operation_ref'])
        .where('id', '=', records[0].transfer_id)
        .executeTakeFirstOrThrow();
      expect(tr).toEqual({
        amount: amount + pnl,
        code: 'day_trade',
        operation_ref: `daytrade:${row.order_no}`,
      });
      // the line's account is empty, and the notice says how it ended
      const line = await t.db
        .selectFrom('ledger_account')
        .select(['credits_posted', 'debits_posted', 'debits_pending'])
        .where('owner', '=', uid)
        .where('currency', '=', 'jpy')
        .where('kind', '=', 'day_trade')
        .executeTakeFirstOrThrow();
      expect(line.credits_posted - line.debits_posted - line.debits_pending).toBe(0n);
      expect((await notices(s)).filter((n) => n.title === title)).toHaveLength(1);
    }
    // a second round settles nothing
    const again = (await t.app.kabuto.jobs.runOnce()) as unknown as { dayTrade: Record<string, number> };
    expect(again.dayTrade).toMatchObject({ settled: 0 });
  });

  it('another user reaches none of it: not the line, not the positions, not the list', async () => {
    const a = await user();
    const b = await user();
    await approved(a, '500000');
    release = pinPrices(t, { '7203': u('2500') });
    const pos = expectOk(await buy(a, { zhang: '100' }));
    // B has no line of his own: A's is not his
    expectRefusal(await buy(b, {}), 'dayTrade.notApproved');
    expectRefusal(await t.money('/trade/sell_stock', { id: pos.id, type: 'jpy' }, b), 'trade.orderNotFound');
    expectRefusal(
      await t.call('/trade/stockdetail', { id: pos.id, type: 'jpy' }, { token: b.token }),
      'trade.orderNotFound',
    );
    expect(await list(b)).toEqual([]);
    expect(rows(await dayPositions(b))).toEqual([]);
    expect(rows(await dayPositions(a)).map((p) => p.id)).toEqual([pos.id]);
  });
});
