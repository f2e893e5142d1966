import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TransferFeed, transfersSince } from '../src/modules/margin/margin.feed.ts';
import { createTestApp, expectOk, type Session, T0, type TestApp } from './support/app.ts';
import { expectLedgerSound, fund, pinPrices, trader, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

describe('the transfer feed', () => {
  it('asks again for ids skipped over until they appear, and forgets them after a while', () => {
    const feed = new TransferFeed(60_000);
    feed.reset(10n, [9n, 10n], 5n, 0);
    // 6, 7 and 8 were not in the snapshot: in flight (or rolled back)
    expect(feed.wanted()).toEqual({ after: 10n, gaps: [6n, 7n, 8n] });
    // 11 and 13 committed, 12 not yet; 7 came in
    feed.advance([11n, 13n, 7n], 1_000);
    expect(feed.wanted().after).toBe(13n);
    expect(feed.wanted().gaps.sort()).toEqual([12n, 6n, 8n].sort());
    feed.advance([12n], 2_000);
    expect(feed.wanted().gaps.sort()).toEqual([6n, 8n].sort());
    // a minute later the rest are taken as rolled back
    feed.advance([], 61_001);
    expect(feed.wanted()).toEqual({ after: 13n, gaps: [] });
  });

  it('keeps at most the newest gaps after a jump over many unused ids', () => {
    const feed = new TransferFeed(60_000, 3);
    feed.reset(0n, [], 0n, 0);
    feed.advance([1000n], 0);
    expect(feed.wanted()).toEqual({ after: 1000n, gaps: [997n, 998n, 999n] });
  });
});

describe.each(API_DB_KINDS)(
  'the margin maintenance reads only the books that may have moved, on %s',
  (kind) => {
    let t: TestApp;
    let release: (() => void) | null = null;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterEach(async () => {
      release?.();
      release = null;
      await expectLedgerSound(t);
    });
    afterAll(async () => t?.close());

    type Round = { calls: number; met: number; closed: number; books: number; rebuilt: number };
    /** The maintenance alone (not the whole leader's round). */
    const round = async () => (await t.app.kabuto.rounds.margin()) as Round;
    const buy = (s: Session, body: Record<string, unknown>) =>
      t.money('/trade/buy_stock', { type: 'jpy', buyzd: 1, gdlx: 1, ...body }, s);

    it('a round after the first reads the books a tick put below the line, those whose money moved, and those with a call', async () => {
      t.clock.set(T0);
      const a = await trader(t, { jpy: '1000000' });
      const b = await trader(t, { jpy: '1000000' });
      const prices = { '7203': u('2400'), '6758': u('1500') };
      release = pinPrices(t, prices);
      expectOk(await buy(a, { symbol: '7203', zhang: '1000', ganggan: '3' }));
      expectOk(await buy(b, { symbol: '6758', zhang: '1000', ganggan: '3' }));
      // the first round reads every book
      expect(await round()).toMatchObject({ rebuilt: 1, books: 2, calls: 0 });
      // nothing moved: nothing read
      expect(await round()).toMatchObject({ rebuilt: 0, books: 0 });
      // a's stock falls 4%: touched, still above the line (37.5%), not read
      release();
      release = pinPrices(t, { ...prices, '7203': u('2300') });
      expect(await round()).toMatchObject({ rebuilt: 0, books: 0, calls: 0 });
      // a 25% fall puts a below 20%: read, and called
      release();
      release = pinPrices(t, { ...prices, '7203': u('1800') });
      expect(await round()).toMatchObject({ rebuilt: 0, books: 1, calls: 1 });
      // a's open call has its book read every round; a deposit to b has b's read too
      expect(await round()).toMatchObject({ books: 1, calls: 0 });
      await fund(t, b, 'jpy', '1000');
      expect(await round()).toMatchObject({ books: 2, calls: 0, met: 0 });
      // a's deposit meets the call; then nothing is read
      await fund(t, a, 'jpy', '80000');
      expect(await round()).toMatchObject({ books: 1, met: 1 });
      expect(await round()).toMatchObject({ books: 0 });
      // b's new margin position is read at once; a fall of b's stock past the floor closes it at once
      expectOk(await buy(b, { symbol: '6758', zhang: '100', ganggan: '3' }));
      expect(await round()).toMatchObject({ books: 1, calls: 0 });
      release();
      release = pinPrices(t, { '7203': u('1800'), '6758': u('700') });
      expect(await round()).toMatchObject({ rebuilt: 0, books: 1, closed: 1 });
      // the next Tokyo day reads everything again (a split moves quantities without moving money)
      t.clock.set(T0 + 24 * 3600_000);
      expect(await round()).toMatchObject({ rebuilt: 1 });
    });

    it('the feed reads a transfer below its mark when asked for it as a gap, with the users on both sides', async () => {
      const c = await trader(t, { jpy: '1000' });
      const top = await t.db
        .selectFrom('ledger_transfer')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const hi = BigInt(top.id as bigint);
      await fund(t, c, 'jpy', '1000');
      const [mine] = await transfersSince(t.db, hi, [], 10);
      const id = await userIdOf(t, c);
      expect(mine.users).toEqual([id]);
      // above the mark: nothing; asked as a gap: found
      expect(await transfersSince(t.db, mine.id, [], 10)).toEqual([]);
      expect(await transfersSince(t.db, mine.id, [mine.id], 10)).toEqual([mine]);
    });
  },
);
