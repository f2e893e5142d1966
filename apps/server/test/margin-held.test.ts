import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { formatUnits, snapToTick } from '@kabuto/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readBooks } from '../src/modules/margin/margin.books.ts';
import { expectOk, expectRefusal, readyUser, type Session, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { fund, pinPrices, trader, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);

/**
 * `margin_held` (migration 0038), what the margin order gate reads as the margin a user's open margin
 * positions hold in a market, kept by the database at every write of a position: after each kind of
 * write it equals the sum over the position rows, and what `readBooks` (which sums the rows) counts.
 */
describe.each(TEST_DB_KINDS)('the margin held per user and market on %s', (kind) => {
  let t: TestApp;
  let op: string;
  let release: (() => void) | null = null;
  productSuite(kind, (s) => ({ t, op } = s), {
    afterEach: () => {
      release?.();
      release = null;
    },
  });

  const buy = (s: Session, body: Record<string, unknown>) =>
    t.money('/trade/buy_stock', { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, zhang: '100', ...body }, s);
  const sell = (s: Session, id: string, body: Record<string, unknown> = {}) =>
    t.money('/trade/sell_stock', { id, type: 'jpy', ...body }, s);
  const detail = async (s: Session, id: string) =>
    expectOk(await t.call('/trade/stockdetail', { id, type: 'jpy' }, { token: s.token }));
  const round = async () =>
    (await t.app.kabuto.jobs.runOnce()) as unknown as { margin: Record<string, number> };

  /** The running totals, the sums over the position rows and readBooks' sums: all three the same. */
  async function expectExact(): Promise<Map<string, bigint>> {
    const held = await t.db.selectFrom('margin_held').selectAll().where('held', '<>', 0n).execute();
    const { rows: summed } = await sql<{ user_id: bigint; market: string; held: string }>`
      select user_id, market, sum(margin)::text as held from position
      where status in (0, 2) and not day_trade and (leverage > 1 or direction = 2) and open_price is not null
      group by user_id, market`.execute(t.db);
    const books = await readBooks(t.db, t.app.kabuto.market);
    const key = (r: { user_id: bigint; market: string }) => `${r.user_id}|${r.market}`;
    const kept = new Map(held.map((r) => [key(r), r.held]));
    expect(kept).toEqual(new Map(summed.map((r) => [key(r), BigInt(r.held)])));
    expect(kept).toEqual(
      new Map(books.map((b) => [`${b.userId}|${b.market}`, b.rows.reduce((s, r) => s + r.margin, 0n)])),
    );
    return kept;
  }
  const heldOf = async (s: Session, market = 'jpy') =>
    (await expectExact()).get(`${await userIdOf(t, s)}|${market}`) ?? 0n;

  it('opens, fills, amends, partial, whole and forced closes, day trades and 1× buys, for several users and markets', async () => {
    const a = await trader(t, { jpy: '10000000', usd: '100000' });
    const b = await trader(t, { jpy: '10000000' });
    const c = await trader(t, { jpy: '1000000' });
    // 7203 and 6758 are not pinned: a price far from the base would meet the daily limit or the short-sale
    // price rule
    release = pinPrices(t, { '9432': u('200'), '6098': u('2400') });
    await expectExact();
    // a 3× long (200,000 ÷ 3, rounded as the order does), a 2× short, a 1× cash buy (not counted)
    const long = expectOk(await buy(a, { symbol: '7203', ganggan: '3' }));
    const short = expectOk(await buy(a, { symbol: '6758', buyzd: 2, ganggan: '2', zhang: '1000' }));
    expectOk(await buy(a, { symbol: '9432', zhang: '1000' }));
    expect(await heldOf(a)).toBeGreaterThan(0n);
    // several in one batch, of several users
    const [b1, b2, c1] = await Promise.all([
      buy(b, { symbol: '7203', ganggan: '2', zhang: '300' }),
      buy(b, { symbol: '6758', buyzd: 2, ganggan: '1' }),
      buy(c, { symbol: '6098', ganggan: '3', zhang: '1000' }),
    ]).then((r) => r.map(expectOk));
    await expectExact();
    // a resting 2× limit below the market: pending, not counted; amended; then filled as the price comes
    t.clock.set(jst('2026-11-24T10:05:00'));
    const tick = t.app.kabuto.market.instrument('7203')!.tickTable;
    const below = snapToTick(tick, (t.app.kabuto.market.quote('7203')!.price * 97n) / 100n, 'down');
    const before = await heldOf(b);
    const limit = expectOk(
      await buy(b, { symbol: '7203', ganggan: '2', gdlx: 2, buy_price: formatUnits(below) }),
    );
    expect(await heldOf(b)).toBe(before);
    expectOk(await t.money('/trade/amend_stock', { type: 'jpy', id: limit.id, zhang: '200' }, b));
    expect(await heldOf(b)).toBe(before);
    release();
    release = pinPrices(t, { '7203': below, '9432': u('200'), '6098': u('2400') });
    await round();
    expect((await detail(b, limit.id)).status).toBe(0);
    expect(await heldOf(b)).toBeGreaterThan(before);
    // a partial close (the holding splits), then the whole of the rest, and a whole close
    expectOk(await sell(b, b1.id, { zhang: '100' }));
    await expectExact();
    expectOk(await sell(b, b1.id));
    expectOk(await sell(b, b2.id));
    expectOk(await sell(a, short.id));
    await expectExact();
    // a forced close: 6098 falls through the emergency floor
    release();
    release = pinPrices(t, { '7203': below, '9432': u('200'), '6098': u('1550') });
    expect((await round()).margin.closed).toBeGreaterThanOrEqual(1);
    expect(await detail(c, c1.id)).toMatchObject({ status: 1, close_reason: 'forced' });
    expect(await heldOf(c)).toBe(0n);
    // a day trade (2×, its own line): not counted
    const d = await readyUser(t, { opToken: op });
    await fund(t, d, 'jpy', '5000000');
    const app = expectOk(await t.money('/trade/rnjy', { money: '1000000', type: 'jpy' }, d));
    expectOk(await t.admin('/daytrades/decide', { id: app.id, approve: true }, op));
    expectOk(await buy(d, { symbol: '7203', ganggan: '2', dz_type: 3 }));
    expect(await heldOf(d)).toBe(0n);
    // another market: a 2× long and a 2× short in New York, one closed
    t.clock.set(Date.parse('2026-11-24T10:00:00-05:00'));
    expectOk(await buy(a, { symbol: 'AAPL', type: 'usd', ganggan: '2' }));
    const us = expectOk(await buy(a, { symbol: 'MSFT', type: 'usd', ganggan: '2', buyzd: 2 }));
    expect(await heldOf(a, 'usd')).toBeGreaterThan(0n);
    expectOk(await t.money('/trade/sell_stock', { id: us.id, type: 'usd' }, a));
    await expectExact();
    // the 3× long still open: the rows and the total agree to the unit
    expect(await heldOf(a)).toBe(
      (
        await t.db
          .selectFrom('position')
          .select('margin')
          .where('id', '=', BigInt(long.id))
          .executeTakeFirstOrThrow()
      ).margin,
    );
  });

  it('a split rewrites the positions and the total stays exact', async () => {
    const a = await trader(t, { jpy: '100000000' });
    t.clock.set(jst('2025-12-26T10:00:00'));
    expectOk(await buy(a, { symbol: '9984', ganggan: '3' }));
    expectOk(await buy(a, { symbol: '9984', buyzd: 2, ganggan: '2' }));
    expectOk(await buy(a, { symbol: '9984' }));
    const before = await heldOf(a);
    t.clock.set(jst('2025-12-29T07:00:00'));
    const done = (await t.app.kabuto.rounds.corporateActions()) as { applied: number };
    expect(before).toBeGreaterThan(0n);
    expect(done.applied).toBeGreaterThanOrEqual(1);
    const after = await t.db
      .selectFrom('position')
      .select(['quantity'])
      .where('user_id', '=', await userIdOf(t, a))
      .execute();
    expect(after.every((p) => p.quantity === 400n)).toBe(true);
    expect(await heldOf(a)).toBe(before);
  });

  it('the gate reads the total: a margin order is refused below the minimum collateral, counting the margin held', async () => {
    const s = await trader(t, { jpy: '400000' });
    release = pinPrices(t, { '7203': u('1000') });
    // 2× 200 shares hold 100,000 of margin: the cash left is below ¥300,000, the collateral is not
    expectOk(await buy(s, { symbol: '7203', zhang: '200', ganggan: '2' }));
    expect(await heldOf(s)).toBe(u('100000'));
    expectOk(await buy(s, { symbol: '7203', zhang: '100', ganggan: '2' }));
    // an open call or a full close aside, a sell returns the margin and the total falls with it
    const [row] = await t.db
      .selectFrom('position')
      .select('id')
      .where('user_id', '=', await userIdOf(t, s))
      .orderBy('id')
      .limit(1)
      .execute();
    expectOk(await sell(s, String(row.id)));
    expect(await heldOf(s)).toBe(u('50000'));
    // 1× buys take the cash: about 50,000 left + 50,000 held is below the minimum
    expectOk(await buy(s, { symbol: '7203', zhang: '250', ganggan: '1' }));
    expectRefusal(
      await buy(s, { symbol: '7203', zhang: '100', ganggan: '2' }),
      'margin.belowMinimumCollateral',
    );
  });
});
