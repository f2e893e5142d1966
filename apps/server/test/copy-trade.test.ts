import { withTx } from '@kabuto/db';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { dailyPnl, settleDay, stakeValue } from '@kabuto/domain';
import { setAccountClosed, shardFor } from '@kabuto/ledger';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { copyTradeJobs } from '../src/modules/copy-trade/copy-trade.jobs.ts';
import { followService } from '../src/modules/copy-trade/follow.service.ts';
import { seedProducts } from '../src/seed/copy-trade.ts';
import { markApplied } from '../src/shared/idempotency-keys.ts';
import { expectOk, expectRefusal, processDeps, type Session, T0, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { available, trader, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
/** 2026-11-24 (T0's day, a Tuesday) at a JST time, plus whole days. */
const jst = (hm: string, days = 0) => Date.parse(`2026-11-24T${hm}:00+09:00`) + days * DAY;

describe.each(API_DB_KINDS)('copy-trade products on %s', (kind) => {
  let t: TestApp;
  let op: string;
  let a: Session;
  let b: Session;
  productSuite(
    kind,
    (s) => {
      ({ t, op } = s);
      [a, b] = s.traders;
    },
    { traders: 2 },
  );

  const product = async (o: Partial<Record<string, unknown>> = {}) =>
    expectOk(
      await t.admin(
        '/product/create',
        {
          market: 'jpy',
          name_jp: 'テスト運用',
          name_cn: '测试产品',
          name_us: 'Test portfolio',
          issuer: 'Test Issuer',
          target_bp: 10,
          minimum: '10000',
          capacity: '1000000',
          lock_days: 3,
          deadline: iso(T0 + 2 * DAY),
          ends: iso(T0 + 30 * DAY),
          constituents: [
            { symbol: '7203', weight_bp: 5000 },
            { symbol: '6758', weight_bp: 3000 },
            { symbol: '9984', weight_bp: 2000 },
          ],
          ...o,
        },
        op,
      ),
    ) as { id: string };
  const follow = (s: Session, body: Record<string, unknown>) =>
    t.money('/trade/buy_product', { type: 'jpy', ...body }, s);
  const orders = async (s: Session) =>
    expectOk(await t.call('/trade/userproductlist', { type: 'jpy' }, { token: s.token })) as Record<
      string,
      any
    >[];
  const info = async (s: Session) =>
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
  /** What another process's copy of the jobs is built from. */
  const jobDeps = () => ({
    ...processDeps(t),
    keys: { markApplied },
    verifyFundPassword: async () => {},
  });
  const stakeRow = (id: string) =>
    t.db.selectFrom('product_stake').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

  it('lists a new product at NAV 1.0000-ish with its terms; the detail shows constituents and history', async () => {
    const p = await product();
    const list = expectOk(await t.call('/trade/productlist', { type: 'jpy' }, { token: a.token }));
    const row = list.find((r: any) => r.id === p.id);
    expect(row).toMatchObject({
      name: 'テスト運用',
      sender: 'Test Issuer',
      dprofit: 0.1,
      money: '10000.0000',
      capital: '1000000.0000',
      scday: 3,
      end: Math.floor((T0 + 2 * DAY) / 1000),
      status: 0,
    });
    expect(Math.abs(row.nav - 1)).toBeLessThan(0.01);
    const d = expectOk(
      await t.call('/trade/productdetail', { id: p.id, type: 'jpy', lang: 'us' }, { token: a.token }),
    );
    expect(d.name).toBe('Test portfolio');
    expect(d.constituents.map((c: any) => [c.symbol, c.weight])).toEqual([
      ['7203', 50],
      ['6758', 30],
      ['9984', 20],
    ]);
    expect(d.history).toEqual([expect.objectContaining({ nav: 1, target: 1 })]);
    expect(d.mine).toMatchObject({ cj_money: '0.0000', orders: 0, days: [] });
    expectRefusal(
      await t.call('/trade/productdetail', { id: '999999' }, { token: a.token }),
      'product.notFound',
    );
    expectRefusal(
      await t.call('/trade/productdetail', { id: p.id, type: 'usd' }, { token: a.token }),
      'trade.marketMismatch',
    );
    expect((await t.call('/trade/productlist', { type: 'jpy' })).http).toBe(401);
  });

  it('follows: cash moves to the stake, frozen and total assets count it, a copy-trade record', async () => {
    const p = await product();
    const before = await info(a);
    const r = expectOk(await follow(a, { id: p.id, money: '100000', password: '112233' }));
    expect(r.status).toBe(2); // locked: inside the 3-day lock-in
    const after = await info(a);
    expect(u(after.jpy)).toBe(u(before.jpy) - u('100000'));
    expect(u(after.frozen)).toBe(u(before.frozen) + u('100000'));
    expect(after.total_assets).toBe(before.total_assets);
    const mine = (await orders(a)).find((o) => o.id === r.id)!;
    expect(mine).toMatchObject({
      product_id: p.id,
      name: 'テスト運用',
      sender: 'Test Issuer',
      money: '100000.0000',
      cj_money: '100000.0000',
      aprofit: '0.0000',
      scday: 3,
      status: 2,
    });
    expect(mine.lock_time - mine.buy_time).toBe(3 * 86400);
    const recs = expectOk(
      await t.call('/user/capitalloglist', { page: 1, type: 'jpy', kind: 'copy_trade' }, { token: a.token }),
    );
    expect(recs.list[0]).toMatchObject({
      kind: 'copy_trade',
      money: '-100000.0000',
      product_name: 'テスト運用',
    });
    const list = expectOk(await t.call('/trade/productlist', { type: 'jpy' }, { token: b.token }));
    expect(list.find((x: any) => x.id === p.id).capital).toBe('900000.0000');
    // b sees none of a's orders
    expect((await orders(b)).some((o) => o.id === r.id)).toBe(false);
  });

  it('a replayed Idempotency-Key follows and redeems once; a double tap without one is refused', async () => {
    const p = await product({ lock_days: 0 });
    const key = { token: a.token, headers: { 'idempotency-key': `ct-${p.id}-follow` } };
    const before = await available(t, a);
    const first = expectOk(
      await t.call('/trade/buy_product', { id: p.id, money: '12000', type: 'jpy' }, key),
    );
    const again = expectOk(
      await t.call('/trade/buy_product', { id: p.id, money: '12000', type: 'jpy' }, key),
    );
    expect(again.id).toBe(first.id);
    expect(u(await available(t, a))).toBe(u(before) - u('12000'));
    expect((await orders(a)).filter((o) => o.product_id === p.id)).toHaveLength(1);
    const rkey = { token: a.token, headers: { 'idempotency-key': `ct-${p.id}-redeem` } };
    const r1 = expectOk(await t.call('/trade/redeem_product', { id: first.id, type: 'jpy' }, rkey));
    const r2 = expectOk(await t.call('/trade/redeem_product', { id: first.id, type: 'jpy' }, rkey));
    expect(r2).toEqual(r1);
    expect(await available(t, a)).toBe(before);
  });

  it('refuses: not found, delisted, deadline passed, below the minimum, capacity, balance, market, fund password, bad input', async () => {
    const p = await product({ capacity: '50000' });
    expectRefusal(await follow(a, { id: '999999', money: '10000' }), 'product.notFound');
    expectRefusal(await follow(a, { id: p.id, money: '9999' }), 'product.belowMinimum');
    expectRefusal(await follow(a, { id: p.id, money: '50001' }), 'product.capacityExceeded');
    expectRefusal(await follow(a, { id: p.id, money: '10000', type: 'usd' }), 'trade.marketMismatch');
    expectRefusal(
      await follow(a, { id: p.id, money: '10000', password: '000000' }),
      'account.wrongFundPassword',
    );
    const poor = await trader(t, { jpy: '5000' });
    const cheap = await product({ minimum: '1000' });
    expectRefusal(await follow(poor, { id: cheap.id, money: '6000' }), 'money.insufficientAvailable');
    const noPassword = await t.newUser('np');
    expectRefusal(await follow(noPassword, { id: cheap.id, money: '1000' }), 'account.fundPasswordNotSet');
    for (const bad of [{ money: 'abc' }, { money: '-5' }, { money: '' }, { id: 'x', money: '10000' }, {}]) {
      const r = await follow(a, { id: p.id, ...bad });
      expect(r.body.status).toBe(0);
      expect(r.body.code).toMatch(/^validation\./);
    }
    t.clock.set(T0 + 2 * DAY);
    expectRefusal(await follow(a, { id: p.id, money: '10000' }), 'product.deadlinePassed');
    t.clock.set(T0);
    const delisted = await product();
    const edit = {
      id: delisted.id,
      name_jp: 'テスト運用',
      name_cn: '测试产品',
      name_us: 'Test portfolio',
      issuer: 'Test Issuer',
      target_bp: 10,
      minimum: '10000',
      capacity: '1000000',
      lock_days: 3,
      deadline: iso(T0 + 2 * DAY),
      ends: iso(T0 + 30 * DAY),
      listed: false,
    };
    expectOk(await t.admin('/product/edit', edit, op));
    expectRefusal(await follow(a, { id: delisted.id, money: '10000' }), 'product.delisted');
    const list = expectOk(await t.call('/trade/productlist', { type: 'jpy' }, { token: a.token }));
    expect(list.some((x: any) => x.id === delisted.id)).toBe(false);
    // nothing moved
    expect((await orders(a)).some((o) => o.product_id === p.id || o.product_id === delisted.id)).toBe(false);
  });

  it('books each close once (the job twice posts once): a gain to cash, a loss from the stake, matching the NAV', async () => {
    const p = await product({ lock_days: 1 });
    const r = expectOk(await follow(b, { id: p.id, money: '200000' }));
    const cash0 = u(await available(t, b));
    const s0 = await stakeRow(r.id);
    t.clock.set(jst('16:00'));
    const first = await t.app.kabuto.jobs.runOnce();
    expect(first).toMatchObject({ products: { booked: expect.any(Number) } });
    const again = (await t.app.kabuto.jobs.runOnce()) as any;
    expect(again.products.booked).toBe(0);
    const days = await t.db
      .selectFrom('product_stake_day')
      .selectAll()
      .where('stake_id', '=', s0.id)
      .execute();
    expect(days).toHaveLength(1);
    const nav = await t.db
      .selectFrom('product_nav')
      .select('nav')
      .where('product_id', '=', BigInt(p.id))
      .where('date', '=', '2026-11-24')
      .executeTakeFirstOrThrow();
    const pnl = dailyPnl(s0.units, s0.entry_nav, nav.nav);
    const day = settleDay(pnl, s0.stake, 10_000n);
    expect(days[0].pnl).toBe(day.booked);
    const s1 = await stakeRow(r.id);
    expect(s1.stake).toBe(day.stakeAfter);
    expect(u(await available(t, b))).toBe(cash0 + day.toCash);
    // the next close, two days later (and twice again)
    t.clock.set(jst('16:00', 2));
    await t.app.kabuto.jobs.runOnce();
    await t.app.kabuto.jobs.runOnce();
    const all = await t.db
      .selectFrom('product_stake_day')
      .selectAll()
      .where('stake_id', '=', s0.id)
      .orderBy('date')
      .execute();
    expect(all.map((d) => d.date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    const s2 = await stakeRow(r.id);
    const sum = all.reduce((x, d) => x + d.pnl, 0n);
    expect(s2.profit).toBe(sum);
    if (all.every((d) => d.pnl >= -s0.stake)) {
      const change = stakeValue(s0.units, all.at(-1)!.nav) - stakeValue(s0.units, s0.entry_nav);
      // each day is rounded once to whole yen (a gain down, a loss up): less than ¥1 a day from the NAV's change
      if (s2.stake > 0n) {
        expect(sum <= change).toBe(true);
        expect(change - sum < BigInt(all.length) * 10_000n).toBe(true);
      }
    }
    // cash and the stake stay whole yen
    expect(all.every((d) => d.pnl % 10_000n === 0n)).toBe(true);
    expect(s2.stake % 10_000n).toBe(0n);
    // cash + stake moved by the booked P&L exactly
    expect(u(await available(t, b)) - cash0 + (s2.stake - s0.stake)).toBe(sum);
    const d = expectOk(await t.call('/trade/productdetail', { id: p.id, type: 'jpy' }, { token: b.token }));
    expect(d.mine.days.map((x: any) => u(x.profit))).toEqual(all.map((x) => x.pnl));
    expect(d.history.length).toBeGreaterThanOrEqual(3);
    const o = (await orders(b)).find((x) => x.id === r.id)!;
    expect(u(o.aprofit)).toBe(sum);
    expect(o.status).toBe(0); // the 1-day lock-in is over
  });

  it('redeems only after the lock-in; another user cannot; an ended order cannot again', async () => {
    const p = await product({ lock_days: 3 });
    const r = expectOk(await follow(a, { id: p.id, money: '30000' }));
    const redeem = (s: Session, id: string) => t.money('/trade/redeem_product', { id, type: 'jpy' }, s);
    expectRefusal(await redeem(a, r.id), 'product.lockedIn');
    t.clock.set(T0 + 3 * DAY + 1000);
    expectRefusal(await redeem(b, r.id), 'product.stakeNotFound');
    expectRefusal(await redeem(a, '999999'), 'product.stakeNotFound');
    const before = await info(a);
    const s = await stakeRow(r.id);
    const done = expectOk(await redeem(a, r.id));
    expect(done.refund).toBe((Number(s.stake) / 10000).toFixed(4));
    const after = await info(a);
    expect(u(after.jpy)).toBe(u(before.jpy) + s.stake);
    expect(u(after.frozen)).toBe(u(before.frozen) - s.stake);
    expect((await orders(a)).find((o) => o.id === r.id)).toMatchObject({ status: 1, money: '0.0000' });
    expectRefusal(await redeem(a, r.id), 'product.stakeEnded');
    const recs = expectOk(
      await t.call(
        '/user/capitalloglist',
        { page: 1, type: 'jpy', kind: 'copy_trade_refund' },
        { token: a.token },
      ),
    );
    expect(recs.list[0].money).toBe(done.refund);
  });

  it('at the product’s end every stake returns and the product ends', async () => {
    const p = await product({ lock_days: 10, deadline: iso(T0 + DAY), ends: iso(T0 + 2 * DAY) });
    const r = expectOk(await follow(a, { id: p.id, money: '20000' }));
    t.clock.set(T0 + 2 * DAY + 1000);
    await t.app.kabuto.jobs.runOnce();
    const s = await stakeRow(r.id);
    expect(s.status).toBe(1);
    expect(s.stake).toBe(0n);
    const row = await t.db
      .selectFrom('product')
      .select('status')
      .where('id', '=', BigInt(p.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(2);
    expectRefusal(await follow(a, { id: p.id, money: '20000' }), 'product.delisted');
  });

  it('the back office rebalances at market prices (NAV kept, reason audited) and lists stakes with filters', async () => {
    const p = await product();
    const before = expectOk(await t.call('/trade/productlist', { type: 'jpy' }, { token: a.token })).find(
      (x: any) => x.id === p.id,
    );
    const re = expectOk(
      await t.admin(
        '/product/rebalance',
        {
          id: p.id,
          constituents: [
            { symbol: '8306', weight_bp: 6000 },
            { symbol: '7203', weight_bp: 4000 },
          ],
          reason: 'rotate into banks',
        },
        op,
      ),
    );
    const after = expectOk(await t.call('/trade/productlist', { type: 'jpy' }, { token: a.token })).find(
      (x: any) => x.id === p.id,
    );
    expect(Math.abs(after.nav - before.nav)).toBeLessThanOrEqual(0.0002);
    expect(Number(re.nav)).toBeCloseTo(before.nav, 3);
    const log = expectOk(await t.admin('/product/rebalances', { id: p.id }, op));
    expect(log.list[0]).toMatchObject({ reason: 'rotate into banks' });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'product.rebalance')
      .where('target', '=', `product:${p.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].reason).toBe('rotate into banks');
    // refusals: weights not adding up, unknown or foreign symbols, no reason
    const bad = (constituents: unknown, reason = 'x') =>
      t.admin('/product/rebalance', { id: p.id, constituents, reason }, op);
    expectRefusal(await bad([{ symbol: '7203', weight_bp: 5000 }]), 'product.badWeights');
    expectRefusal(await bad([{ symbol: 'AAPL', weight_bp: 10000 }]), 'product.badConstituent');
    expectRefusal(await bad([{ symbol: '7203', weight_bp: 10000 }], ''), 'validation.required');
    expectRefusal(
      await t.admin(
        '/product/rebalance',
        { id: p.id, constituents: [{ symbol: '7203', weight_bp: 10000 }], reason: 'x', nav: '2' },
        op,
      ),
      'validation.unknownField',
    );
    // no call can set a profit or a NAV
    const full = {
      id: p.id,
      name_jp: 'テスト運用',
      name_cn: '测试产品',
      name_us: 'Test portfolio',
      issuer: 'Test Issuer',
      target_bp: 10,
      minimum: '10000',
      capacity: '1000000',
      lock_days: 3,
      deadline: iso(T0 + 2 * DAY),
      ends: iso(T0 + 30 * DAY),
      listed: true,
    };
    for (const extra of [{ profit: '1' }, { nav: '2' }, { aprofit: '5' }])
      expectRefusal(await t.admin('/product/edit', { ...full, ...extra }, op), 'validation.unknownField');
    const r = expectOk(await follow(b, { id: p.id, money: '10000' }));
    const stakes = expectOk(await t.admin('/product/stakes', { product_id: p.id }, op));
    expect(stakes.list.map((s: any) => s.id)).toEqual([r.id]);
    // the product named in the operator's language (Japanese without one)
    expect(stakes.list[0].product).toBe('テスト運用');
    const named = async (lang: string) =>
      expectOk(await t.admin('/product/stakes', { product_id: p.id, lang }, op)).list[0].product;
    expect(await named('cn')).toBe('测试产品');
    expect(await named('us')).toBe('Test portfolio');
    expect(await named('en')).toBe('Test portfolio');
    await t.db.updateTable('product').set({ name_us: '' }).where('id', '=', BigInt(p.id)).execute();
    expect(await named('us')).toBe('テスト運用');
    expect(
      expectOk(await t.admin('/product/stakes', { product_id: p.id, status: 'ended' }, op)).list,
    ).toEqual([]);
    expect(
      expectOk(await t.admin('/product/stakes', { account: b.account, status: 'locked' }, op)).list.length,
    ).toBeGreaterThan(0);
    const products = expectOk(await t.admin('/product/list', { status: 'listed' }, op));
    expect(products.list.some((x: any) => x.id === p.id)).toBe(true);
  });

  it("the booking reads a product's open stakes a batch at a time and books those of every batch", async () => {
    // another process's job, reading two stakes at a time: three stakes span two batches
    const d = jobDeps();
    const jobs = copyTradeJobs(d, followService(d), { batch: 2 });
    const p = await product({ lock_days: 1 });
    const ids = [];
    for (const s of [a, b, a]) ids.push(BigInt(expectOk(await follow(s, { id: p.id, money: '50000' })).id));
    t.clock.set(jst('16:00'));
    const r = await jobs.runJobs();
    expect(r.booked).toBeGreaterThanOrEqual(3);
    const days = await t.db
      .selectFrom('product_stake_day')
      .select(['stake_id', 'date'])
      .where('stake_id', 'in', ids)
      .orderBy('stake_id')
      .execute();
    expect(days).toEqual(ids.map((id) => ({ stake_id: id, date: '2026-11-24' })));
    expect((await jobs.runJobs()).booked).toBe(0);
  });

  it('a batch books what stake-by-stake booking would: gains, losses, a loss capped at the stake, one user’s stakes together, days caught up', async () => {
    const jobs = copyTradeJobs(jobDeps(), followService(jobDeps()), { batch: 4 });
    const p = await product({ lock_days: 1 });
    // a, b, a, a | b: the first batch holds three of a's stakes; each followed "at" another NAV (its
    // last NAV a multiple of the entry), so the same close is a gain for some, a loss for others
    const plan: [Session, bigint, bigint][] = [
      [a, 9n, 10n],
      [b, 11n, 10n],
      [a, 3n, 1n], // a loss bigger than the stake: capped, the stake left at zero
      [a, 19n, 20n],
      [b, 21n, 20n],
    ];
    const ids: bigint[] = [];
    for (const [s, num, den] of plan) {
      const id = BigInt(expectOk(await follow(s, { id: p.id, money: '50000' })).id);
      ids.push(id);
      await sql`update product_stake set last_nav = entry_nav * ${num} / ${den} where id = ${id}`.execute(
        t.db,
      );
    }
    const before = await t.db
      .selectFrom('product_stake')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const users = [...new Set(before.map((s) => s.user_id))];
    const accountOf = async (owner: bigint | null, kind: string, shard = 0) =>
      await t.db
        .selectFrom('ledger_account')
        .selectAll()
        .where('owner', owner === null ? 'is' : '=', owner)
        .where('currency', '=', 'jpy')
        .where('kind', '=', kind)
        .where('shard', '=', shard)
        .executeTakeFirstOrThrow();
    const cash0 = new Map<bigint, bigint>();
    for (const uid of users) {
      const c = await accountOf(uid, 'cash');
      cash0.set(uid, c.credits_posted - c.debits_posted);
    }
    // two closes later: 11-24, 11-25 and 11-26 are each booked in turn
    t.clock.set(jst('16:00', 2));
    await jobs.runJobs();
    const navs = await t.db
      .selectFrom('product_nav')
      .select(['date', 'nav'])
      .where('product_id', '=', BigInt(p.id))
      .where('date', '>=', '2026-11-24')
      .orderBy('date')
      .execute();
    expect(navs.map((n) => n.date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    // the expected booking, stake by stake and day by day, from the domain's rules
    const want: {
      stake: (typeof before)[number];
      date: string;
      nav: bigint;
      day: ReturnType<typeof settleDay>;
    }[] = [];
    const after = new Map<bigint, { stake: bigint; profit: bigint; last_nav: bigint; last_date: string }>();
    for (const s of before) {
      let cur = { stake: s.stake, profit: s.profit, last_nav: s.last_nav, last_date: '' };
      for (const n of navs) {
        const day = settleDay(dailyPnl(s.units, cur.last_nav, n.nav), cur.stake, 10_000n);
        want.push({ stake: s, date: n.date, nav: n.nav, day });
        cur = { stake: day.stakeAfter, profit: cur.profit + day.booked, last_nav: n.nav, last_date: n.date };
      }
      after.set(s.id, cur);
    }
    // the case covers gains, losses and a capped loss
    expect(want.some((w) => w.day.toCash > 0n)).toBe(true);
    expect(want.some((w) => w.day.fromStake > 0n && w.day.stakeAfter > 0n)).toBe(true);
    expect(want.some((w) => w.day.fromStake > 0n && w.day.stakeAfter === 0n)).toBe(true);
    const days = await t.db
      .selectFrom('product_stake_day')
      .selectAll()
      .where('stake_id', 'in', ids)
      .orderBy('stake_id')
      .orderBy('date')
      .execute();
    expect(days.map((x) => ({ stake_id: x.stake_id, date: x.date, nav: x.nav, pnl: x.pnl }))).toEqual(
      want.map((w) => ({ stake_id: w.stake.id, date: w.date, nav: w.nav, pnl: w.day.booked })),
    );
    const stakes = await t.db
      .selectFrom('product_stake')
      .select(['id', 'stake', 'profit', 'last_nav', 'last_date'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(stakes).toEqual(ids.map((id) => ({ id, ...after.get(id)! })));
    // one transfer a day that moved money, between the accounts the per-stake booking used
    const refs = want.map((w) => `product:${w.stake.order_no}:${w.date}`);
    const transfers = await t.db
      .selectFrom('ledger_transfer')
      .select(['id', 'debit_account', 'credit_account', 'amount', 'code', 'operation_ref', 'flags'])
      .where('operation_ref', 'in', refs)
      .orderBy('id')
      .execute();
    const moved = want.filter((w) => w.day.toCash > 0n || w.day.fromStake > 0n);
    const expected = [];
    for (const w of moved) {
      const uid = w.stake.user_id;
      const platform = (await accountOf(null, 'products', shardFor(uid))).id;
      const gain = w.day.toCash > 0n;
      expected.push({
        debit_account: gain ? platform : (await accountOf(uid, 'stake')).id,
        credit_account: gain ? (await accountOf(uid, 'cash')).id : platform,
        amount: gain ? w.day.toCash : w.day.fromStake,
        code: 'product_profit',
        operation_ref: `product:${w.stake.order_no}:${w.date}`,
      });
    }
    expect(transfers.map(({ id: _, flags: __, ...x }) => x)).toEqual(expected);
    // each day names its transfer (none when nothing moved)
    const byRef = new Map(transfers.map((x) => [x.operation_ref, x.id]));
    expect(days.map((x) => x.transfer_id)).toEqual(
      want.map((w) => byRef.get(`product:${w.stake.order_no}:${w.date}`) ?? null),
    );
    // a gain is a "daily profit" record in booking order, each with the cash balance right after it (the
    // products are booked in id order, this one last: its records end at the cash balance now)
    const records = await t.db
      .selectFrom('fund_record')
      .select([
        'user_id',
        'type',
        'order_no',
        'amount',
        'balance',
        'transfer_id',
        'product_name',
        'issuer',
        'memo',
      ])
      .where(
        'order_no',
        'in',
        before.map((s) => s.order_no),
      )
      .where('type', '=', 'daily_profit')
      .orderBy('id')
      .execute();
    const gains = want.filter((w) => w.day.toCash > 0n);
    const balance = new Map<bigint, bigint>();
    for (const uid of users) {
      const c = await accountOf(uid, 'cash');
      balance.set(uid, c.credits_posted - c.debits_posted);
    }
    const balances: bigint[] = [];
    for (const w of gains.toReversed()) {
      balances.unshift(balance.get(w.stake.user_id)!);
      balance.set(w.stake.user_id, balance.get(w.stake.user_id)! - w.day.toCash);
    }
    expect(records).toEqual(
      gains.map((w, k) => ({
        user_id: w.stake.user_id,
        type: 'daily_profit',
        order_no: w.stake.order_no,
        amount: w.day.toCash,
        balance: balances[k],
        transfer_id: byRef.get(`product:${w.stake.order_no}:${w.date}`)!,
        product_name: 'テスト運用',
        issuer: 'Test Issuer',
        memo: w.date,
      })),
    );
    // each user's cash moved by their gains at least (other products of theirs were booked too)
    for (const uid of users) expect(balance.get(uid)! >= cash0.get(uid)!).toBe(true);
    // a second run books nothing
    expect((await jobs.runJobs()).booked).toBe(0);
    expect(
      await t.db.selectFrom('product_stake_day').select('stake_id').where('stake_id', 'in', ids).execute(),
    ).toHaveLength(want.length);
  });

  it('a stake that cannot be booked holds up no other of its batch, and the next run books it alone', async () => {
    const jobs = copyTradeJobs(jobDeps(), followService(jobDeps()), { batch: 4 });
    const p = await product({ lock_days: 1 });
    const ids: bigint[] = [];
    for (const s of [a, b, a]) ids.push(BigInt(expectOk(await follow(s, { id: p.id, money: '50000' })).id));
    // b's stake followed "at" 90% of the entry NAV: its day is a gain whatever the close
    await sql`update product_stake set last_nav = entry_nav * 9 / 10 where id = ${ids[1]}`.execute(t.db);
    // b's cash and stake accounts closed: any day of b's that moves money is refused by the ledger
    const bId = await userIdOf(t, b);
    const closeB = (closed: boolean) =>
      withTx(t.db, async (tx) => {
        for (const acc of await tx
          .selectFrom('ledger_account')
          .select('id')
          .where('owner', '=', bId)
          .where('currency', '=', 'jpy')
          .where('kind', 'in', ['cash', 'stake'])
          .execute())
          await setAccountClosed(tx, acc.id, closed);
      });
    const daysOf = () =>
      t.db
        .selectFrom('product_stake_day')
        .select(['stake_id', 'date'])
        .where('stake_id', 'in', ids)
        .orderBy('stake_id')
        .execute();
    await closeB(true);
    t.clock.set(jst('16:00'));
    const errors: unknown[] = [];
    try {
      await jobs.runJobs((err) => errors.push(err));
    } finally {
      await closeB(false);
    }
    expect(errors.length).toBeGreaterThan(0);
    expect(await daysOf()).toEqual([
      { stake_id: ids[0], date: '2026-11-24' },
      { stake_id: ids[2], date: '2026-11-24' },
    ]);
    // the next run books b's day, and a's not again
    await jobs.runJobs();
    expect(await daysOf()).toEqual(ids.map((id) => ({ stake_id: id, date: '2026-11-24' })));
    expect((await jobs.runJobs()).booked).toBe(0);
  });

  it('the seed builds months of NAV history from the back-filled closes', async () => {
    const n = await withTx(t.db, (tx) => seedProducts(tx, t.app.kabuto.market, t.clock.now()));
    expect(n).toBeGreaterThan(0);
    const list = expectOk(await t.call('/trade/productlist', { type: 'jpy' }, { token: a.token }));
    const seeded = list.find((x: any) => x.name === '日本大型株バランス');
    expect(seeded).toBeDefined();
    const d = expectOk(
      await t.call('/trade/productdetail', { id: seeded.id, type: 'jpy' }, { token: a.token }),
    );
    expect(d.history.length).toBeGreaterThanOrEqual(100);
    expect(d.history[0].nav).toBe(1);
    expect(new Set(d.history.map((h: any) => h.nav)).size).toBeGreaterThan(20);
    expect(d.history.at(-1).date).toBe('2026-11-20'); // T0 is in Tuesday's session; Monday 11-23 is a holiday
    void userIdOf;
  });
});
