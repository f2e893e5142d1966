import { createHash } from 'node:crypto';
import { withTx } from '@kabuto/db';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { allocateProRata } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { seedBlockOfferings } from '../src/seed/block-trades.ts';
import { expectOk, expectRefusal, type Session, T0, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { available, trader, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const jst = (hm: string) => Date.parse(`2026-11-24T${hm}:00+09:00`);

describe.each(API_DB_KINDS)('block trades and after-market trades on %s', (kind) => {
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

  const offering = async (
    o: { shares?: string; password?: string; start?: number; end?: number; symbol?: string } = {},
  ) =>
    expectOk(
      await t.admin(
        '/block/create',
        {
          symbol: o.symbol ?? '7203',
          price: '2500',
          shares: o.shares ?? '1000',
          ...(o.password ? { password: o.password } : {}),
          start: iso(o.start ?? T0 - HOUR),
          end: iso(o.end ?? T0 + HOUR),
        },
        op,
      ),
    ) as { id: string; commitment: string };
  const subscribe = (s: Session, body: Record<string, unknown>) =>
    t.money('/trade/buy_stock', { is_qc: 2, type: 'jpy', ...body }, s);
  const records = async (s: Session) =>
    expectOk(await t.call('/trade/ustockslist', { type: 'jpy' }, { token: s.token })) as Record<
      string,
      any
    >[];
  const info = async (s: Session) =>
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));

  it('lists open offerings with their commitment and whether a password is needed; the seed stays hidden', async () => {
    const open = await offering({ password: 'invite-1' });
    const list = expectOk(await t.call('/trade/nbhllist', { type: 'jpy', dz_type: 0 }, { token: a.token }));
    const row = list.find((r: any) => r.id === open.id);
    expect(row).toMatchObject({
      code: '7203',
      symbol: '7203',
      price: '2500.0000',
      stock_num: 100,
      num: 1000,
      password: true,
      seed: '',
      commitment: open.commitment,
      status: 0,
    });
    expect(row.end - row.start).toBe(7200);
    expect(typeof row.name).toBe('string');
    const db = await t.db
      .selectFrom('block_offering')
      .selectAll()
      .where('id', '=', BigInt(open.id))
      .executeTakeFirstOrThrow();
    expect(db.password_hash).not.toContain('invite-1');
    expect(createHash('sha256').update(db.seed).digest('hex')).toBe(open.commitment);
    // the seed and the allocation are not handed out before the allocation
    expectRefusal(
      await t.call('/trade/block_draw', { id: open.id, type: 'jpy' }, { token: a.token }),
      'block.notAllocated',
    );
    expectRefusal(
      await t.call('/trade/block_draw', { id: '999999', type: 'jpy' }, { token: a.token }),
      'block.notFound',
    );
    // nbhllist needs a login
    expect((await t.call('/trade/nbhllist', { type: 'jpy' })).http).toBe(401);
  });

  it('subscribes with the password: the money is held (frozen), the record is pending', async () => {
    const o = await offering({ password: 'invite-2' });
    const before = u(await available(t, a));
    const frozenBefore = u((await info(a)).frozen);
    // 「1,000」 and full-width 「１，０００」 are 1,000 shares, not "not a multiple of 100"
    const big = await offering();
    expect(expectOk(await subscribe(b, { id: big.id, zhang: '1,000' }))).toBeTruthy();
    const big2 = await offering();
    expect(expectOk(await subscribe(b, { id: big2.id, zhang: '１，０００' }))).toBeTruthy();
    const r = expectOk(await subscribe(a, { id: o.id, zhang: '300', password: 'invite-2' }));
    expect(r.status).toBe(0);
    expect(u(await available(t, a))).toBe(before - u('750000'));
    expect(u((await info(a)).frozen)).toBe(frozenBefore + u('750000'));
    const mine = (await records(a)).find((x) => x.id === r.id)!;
    expect(mine).toMatchObject({
      offering_id: o.id,
      stock_code: '7203',
      buy_price: '2500.0000',
      zhang: 300,
      cj_num: 0,
      credit: '750000.0000',
      status: 0,
      decide_time: null,
    });
    // another user sees none of it
    expect((await records(b)).some((x) => x.id === r.id)).toBe(false);
  });

  it('refuses: below 100 or not in lots, wrong or missing password, closed, a second time, unknown, insufficient balance', async () => {
    const o = await offering({ password: 'invite-3' });
    expectRefusal(await subscribe(a, { id: o.id, zhang: '50', password: 'invite-3' }), 'block.belowMinimum');
    expectRefusal(await subscribe(a, { id: o.id, zhang: '150', password: 'invite-3' }), 'block.belowMinimum');
    expectRefusal(await subscribe(a, { id: o.id, zhang: '100', password: 'wrong' }), 'block.wrongPassword');
    expectRefusal(await subscribe(a, { id: o.id, zhang: '100' }), 'block.wrongPassword');
    expectRefusal(await subscribe(a, { id: '999999', zhang: '100' }), 'block.notFound');
    const later = await offering({ start: T0 + HOUR, end: T0 + 2 * HOUR });
    expectRefusal(await subscribe(a, { id: later.id, zhang: '100' }), 'block.notStarted');
    const ended = await offering({ start: T0 - 2 * HOUR, end: T0 - HOUR });
    expectRefusal(await subscribe(a, { id: ended.id, zhang: '100' }), 'block.closed');
    const poor = await trader(t, { jpy: '1000' });
    const open = await offering();
    expectRefusal(await subscribe(poor, { id: open.id, zhang: '100' }), 'money.insufficientAvailable');
    expect(await records(poor)).toEqual([]);
    // fields of an ordinary order that clients of the family send along are ignored
    expectOk(
      await subscribe(a, { id: open.id, zhang: '100', symbol: '7203', ganggan: 1, buyzd: 1, page: 1 }),
    );
    expectRefusal(await subscribe(a, { id: open.id, zhang: '100' }), 'block.alreadySubscribed');
    // no fund password yet: refused before any money moves
    const fresh = await t.newUser('nf');
    expectRefusal(await subscribe(fresh, { id: open.id, zhang: '100' }), 'account.fundPasswordNotSet');
  });

  it('20 simultaneous subscriptions by one user: exactly one holds money', async () => {
    const o = await offering();
    const s = await trader(t, { jpy: '10000000' });
    const before = u(await available(t, s));
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => subscribe(s, { id: o.id, zhang: '100' })),
    );
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.status !== 1)) expectRefusal(r, 'block.alreadySubscribed');
    expect(await records(s)).toHaveLength(1);
    expect(u(await available(t, s))).toBe(before - u('250000'));
  });

  it('bad input gets status 0 and a msg key', async () => {
    const o = await offering();
    const cases: [Record<string, unknown>, string][] = [
      [{ zhang: '100' }, 'validation.required'],
      [{ id: 'abc', zhang: '100' }, 'validation.invalid'],
      [{ id: o.id, zhang: '-100' }, 'validation.positiveInteger'],
      [{ id: o.id, zhang: '１００ａ' }, 'validation.halfWidth'],
      [{ id: o.id, zhang: '1,00' }, 'validation.positiveInteger'],
      [{ id: o.id, zhang: '100', password: 'x'.repeat(65) }, 'validation.tooLong'],
      // is_qc other than 2: an ordinary order, which needs its symbol
      [{ id: o.id, zhang: '100', is_qc: 7 }, 'validation.required'],
    ];
    for (const [body, msg] of cases) {
      const r = await subscribe(a, body);
      expect(r.http).toBe(200);
      expect(r.body.status).toBe(0);
      expect(r.body.code).toBe(msg);
    }
    expectRefusal(
      await t.call('/trade/nbhllist', { type: 'jpy', dz_type: 5 }, { token: a.token }),
      'validation.invalid',
    );
    expectRefusal(
      await t.call('/trade/ustockslist', { type: 'xxx' }, { token: a.token }),
      'validation.invalid',
    );
    expectRefusal(
      await t.admin(
        '/block/create',
        { symbol: '7203', price: '0x', shares: '100', start: iso(T0), end: iso(T0 + HOUR) },
        op,
      ),
      'validation.amount',
    );
    expectRefusal(
      await t.admin(
        '/block/create',
        { symbol: '7203', price: '100', shares: '150', start: iso(T0), end: iso(T0 + HOUR) },
        op,
      ),
      'block.belowMinimum',
    );
    expectRefusal(
      await t.admin(
        '/block/create',
        { symbol: '7203', price: '100', shares: '100', start: iso(T0), end: iso(T0 - HOUR) },
        op,
      ),
      'validation.invalid',
    );
    expectRefusal(
      await t.admin(
        '/block/create',
        { symbol: 'NOPE', price: '100', shares: '100', start: iso(T0), end: iso(T0 + HOUR) },
        op,
      ),
      'trade.unknownSymbol',
    );
    expectRefusal(await t.admin('/block/allocate', { id: 'x' }, op), 'validation.invalid');
    expectRefusal(
      await t.admin('/block/cancel', { id: o.id, reason: 'a\u0000b' }, op),
      'validation.badCharacters',
    );
    expectRefusal(
      await t.admin('/block/subscriptions', { account: 'a\u0000b' }, op),
      'validation.badCharacters',
    );
    expectRefusal(
      await subscribe(a, { id: o.id, zhang: '100', password: 'a\u0000b' }),
      'validation.badCharacters',
    );
  });

  it('allocates pro rata in lots of 100 with the seeded draw: positions at the block price, the rest refunded', async () => {
    const o = await offering({ shares: '1000' });
    const aId = await userIdOf(t, a);
    const ra = expectOk(await subscribe(a, { id: o.id, zhang: '1000' }));
    const rb = expectOk(await subscribe(b, { id: o.id, zhang: '500' }));
    const availA = u(await available(t, a));
    const availB = u(await available(t, b));
    const result = expectOk(await t.admin('/block/allocate', { id: o.id }, op));
    // the revealed seed is the committed one, and anyone recomputes the same allocation from it
    expect(createHash('sha256').update(result.seed).digest('hex')).toBe(o.commitment);
    const expected = allocateProRata(
      result.seed,
      [
        { id: BigInt(ra.id), lots: 10n },
        { id: BigInt(rb.id), lots: 5n },
      ],
      10n,
    );
    const got = new Map<string, bigint>(result.lines.map((l: any) => [l.id, BigInt(l.allocated)]));
    for (const e of expected) expect(got.get(String(e.id))).toBe(e.lots * 100n);
    expect(result.allocated).toBe('1000');
    // the user's proof call hands anyone the same inputs and the recorded result
    const proof = expectOk(await t.call('/trade/block_draw', { id: o.id, type: 'jpy' }, { token: b.token }));
    expect(proof).toMatchObject({ id: o.id, commitment: o.commitment, seed: result.seed, lots: '10' });
    // the entry list committed before the seed was revealed: each subscriber finds the SHA-256 of their
    // order number in it, and its hash is the published one
    const sha = (x: string) => createHash('sha256').update(x).digest('hex');
    expect(proof.entries).toEqual([
      { id: ra.id, holder: sha(ra.order_no), lots: '10' },
      { id: rb.id, holder: sha(rb.order_no), lots: '5' },
    ]);
    expect(proof.entries_commitment).toBe(
      sha(`${ra.id} ${sha(ra.order_no)} 10\n${rb.id} ${sha(rb.order_no)} 5\n`),
    );
    expect(proof.results).toEqual(expected.map((e) => ({ id: String(e.id), lots: e.lots.toString() })));
    expectRefusal(
      await t.call('/trade/block_draw', { id: o.id, type: 'usd' }, { token: b.token }),
      'block.notFound',
    );
    const allocA = got.get(ra.id)!;
    const allocB = got.get(rb.id)!;
    expect(allocA + allocB).toBe(1000n);
    expect([600n, 700n]).toContain(allocA);
    // allocated money is spent, the rest back in available; nothing frozen any more
    expect(u(await available(t, a))).toBe(availA + (1000n - allocA) * u('2500'));
    expect(u(await available(t, b))).toBe(availB + (500n - allocB) * u('2500'));
    const recA = (await records(a)).find((x) => x.id === ra.id)!;
    expect(recA).toMatchObject({ status: 1, cj_num: Number(allocA), zhang: 1000 });
    expect(typeof recA.decide_time).toBe('number');
    // the position: leverage 1, long, at the block price, source block
    const pos = await t.db
      .selectFrom('position')
      .selectAll()
      .where('user_id', '=', aId)
      .where('source', '=', 'block')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(pos).toMatchObject({
      leverage: 1,
      direction: 1,
      quantity: allocA,
      open_price: u('2500'),
      status: 0,
    });
    expect(pos.margin).toBe(allocA * u('2500'));
    const row = expectOk(
      await t.call('/trade/stockdetail', { id: String(pos.id), type: 'jpy' }, { token: a.token }),
    );
    expect(row).toMatchObject({ ganggang: '1', stock_num: String(allocA), buy_price: '2500.0000' });
    // another user cannot read it
    expectRefusal(
      await t.call('/trade/stockdetail', { id: String(pos.id), type: 'jpy' }, { token: b.token }),
      'trade.orderNotFound',
    );
    // a fund record of the purchase, and a site message
    const rec = expectOk(
      await t.call('/user/capitalloglist', { page: 1, kind: 'stock_buy' }, { token: a.token }),
    );
    expect(rec.list[0]).toMatchObject({ money: `-${(allocA * 2500n).toString()}.0000`, stock_code: '7203' });
    const notes = expectOk(await t.call('/user/notice', { lang: 'us' }, { token: a.token }));
    expect(notes[0].title).toBe('Block trade allocated');
    // the list now shows the seed; a second allocation is refused; the audit log has it
    const list = expectOk(await t.admin('/block/offerings', { status: 'allocated' }, op));
    expect(list.list.find((x: any) => x.id === o.id)).toMatchObject({ seed: result.seed, allocated: '1000' });
    expectRefusal(await t.admin('/block/allocate', { id: o.id }, op), 'block.closed');
    expectRefusal(await subscribe(a, { id: o.id, zhang: '100' }), 'block.closed');
    const logged = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `block_offering:${o.id}`)
      .execute();
    expect(logged.map((l) => l.action).sort()).toEqual(['block.allocate', 'block.create']);
  });

  it('a subscription that gets nothing is refunded in full (status 2)', async () => {
    const o = await offering({ shares: '100' });
    const ra = expectOk(await subscribe(a, { id: o.id, zhang: '100' }));
    const rb = expectOk(await subscribe(b, { id: o.id, zhang: '100' }));
    const before = u(await available(t, a)) + u(await available(t, b));
    const result = expectOk(await t.admin('/block/allocate', { id: o.id }, op));
    const statuses = result.lines.map((l: any) => l.status).sort();
    expect(statuses).toEqual([1, 2]);
    const recs = [...(await records(a)), ...(await records(b))].filter(
      (x) => x.id === ra.id || x.id === rb.id,
    );
    expect(recs.map((x) => x.status).sort()).toEqual([1, 2]);
    expect(recs.find((x) => x.status === 2)!.cj_num).toBe(0);
    expect(u(await available(t, a)) + u(await available(t, b))).toBe(before + u('250000'));
  });

  it('the leader job allocates once the window has closed, not before', async () => {
    const o = await offering({ end: T0 + HOUR });
    const r = expectOk(await subscribe(a, { id: o.id, zhang: '200' }));
    await t.app.kabuto.jobs.runOnce();
    expect((await records(a)).find((x) => x.id === r.id)!.status).toBe(0);
    t.clock.set(T0 + HOUR);
    expect(await t.app.kabuto.jobs.runOnce()).toMatchObject({ block: { allocated: expect.any(Number) } });
    expect((await records(a)).find((x) => x.id === r.id)).toMatchObject({ status: 1, cj_num: 200 });
  });

  it('back office: edit before anyone subscribed, cancel refunds every hold, subscriptions filtered', async () => {
    const o = await offering();
    expectOk(
      await t.admin(
        '/block/edit',
        {
          id: o.id,
          price: '2400',
          shares: '2000',
          password: 'p',
          start: iso(T0 - HOUR),
          end: iso(T0 + 2 * HOUR),
        },
        op,
      ),
    );
    const listed = expectOk(await t.call('/trade/nbhllist', { type: 'jpy' }, { token: a.token })).find(
      (x: any) => x.id === o.id,
    );
    expect(listed).toMatchObject({ price: '2400.0000', num: 2000, password: true });
    const before = u(await available(t, b));
    expectOk(await subscribe(b, { id: o.id, zhang: '400', password: 'p' }));
    expectRefusal(
      await t.admin(
        '/block/edit',
        { id: o.id, price: '1', shares: '100', start: iso(T0), end: iso(T0 + HOUR) },
        op,
      ),
      'block.closed',
    );
    const pending = expectOk(
      await t.admin('/block/subscriptions', { offering_id: o.id, status: 'pending', account: b.account }, op),
    );
    expect(pending.total).toBe(1);
    expect(pending.list[0]).toMatchObject({ account: b.account, quantity: '400', status: 0 });
    expectOk(await t.admin('/block/cancel', { id: o.id, reason: 'issuer withdrew' }, op));
    expect(u(await available(t, b))).toBe(before);
    expect((await records(b)).find((x) => x.offering_id === o.id)!.status).toBe(2);
    expect(
      expectOk(await t.admin('/block/subscriptions', { offering_id: o.id, status: 'pending' }, op)).total,
    ).toBe(0);
    expectRefusal(await t.admin('/block/cancel', { id: o.id, reason: 'again' }, op), 'block.closed');
  });

  it('after-market: refused outside the window, filled at the day’s close inside it, closed the normal way', async () => {
    const buy = (body: Record<string, unknown>) =>
      t.money(
        '/trade/buy_stock',
        { type: 'jpy', symbol: '7203', zhang: '100', ganggan: 1, buyzd: 1, dz_type: 1, ...body },
        a,
      );
    expectRefusal(await buy({}), 'afterMarket.closed');
    t.clock.set(jst('15:39'));
    expectRefusal(await buy({}), 'afterMarket.closed');
    t.clock.set(jst('16:00'));
    const q = t.app.kabuto.market.quote('7203')!;
    expect(q.session).toBe('closed');
    expect(q.tradingDay).toBe('2026-11-24');
    const list = expectOk(await t.call('/trade/nbhllist', { type: 'jpy', dz_type: 1 }, { token: a.token }));
    const row = list.find((r: any) => r.code === '7203');
    expect(u(row.price)).toBe(q.price);
    expect(row.end - row.start).toBe(50 * 60);
    const order = expectOk(await buy({ gdlx: 2, buy_price: '1' }));
    const pos = await t.db
      .selectFrom('position')
      .selectAll()
      .where('id', '=', BigInt(order.id))
      .executeTakeFirstOrThrow();
    expect(pos).toMatchObject({ source: 'after_market', status: 0, open_price: q.price, order_type: 1 });
    // an ordinary order is still outside hours
    expectRefusal(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', symbol: '7203', zhang: '100', ganggan: 1, buyzd: 1 },
        a,
      ),
      'trade.outsideHours',
    );
    t.clock.set(jst('16:30'));
    expectRefusal(await buy({}), 'afterMarket.closed');
    // the normal close, next session
    t.clock.set(Date.parse('2026-11-25T10:00:00+09:00'));
    expectOk(await t.money('/trade/sell_stock', { id: order.id, type: 'jpy' }, a));
  });

  it('the demo seed lists open offerings relative to the clock, some behind a password', async () => {
    await withTx(t.db, (tx) => seedBlockOfferings(tx, t.app.kabuto.market, t.clock.now(), 'x'));
    const s = await trader(t);
    const list = expectOk(await t.call('/trade/nbhllist', { type: 'jpy' }, { token: s.token }));
    const open = list.filter((r: any) => r.start * 1000 <= T0 && T0 < r.end * 1000);
    expect(open.length).toBeGreaterThanOrEqual(4);
    expect(open.some((r: any) => r.password)).toBe(true);
    expect(open.some((r: any) => !r.password)).toBe(true);
    expect(list.some((r: any) => r.start * 1000 > T0)).toBe(true);
  });
});
