import { createHash } from 'node:crypto';
import { type Endpoint, isMsgKey, newSharesApi } from '@kabuto/contract';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { drawLottery, entryListText } from '@kabuto/domain';
import { transfersByRef, userBalance } from '@kabuto/ledger';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '../src/shared/settings.ts';
import { createTestApp, expectOk, expectRefusal, type Session, T0, type TestApp } from './support/app.ts';
import { offeringBody, saveOffering } from './support/new-shares.ts';
import { available, expectLedgerSound, trader, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

const HOUR = 3600;
const s0 = Math.floor(T0 / 1000);
let codeSeq = 0;

describe.each(API_DB_KINDS)('new shares (IPO) on %s', (kind) => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
  });
  afterEach(async () => {
    t.clock.set(T0);
    await saveSetting(t.db, 'ipo_hold_at', 'application');
    await expectLedgerSound(t);
  });
  afterAll(async () => t?.close());

  /** An offering around T0 (subscribing from an hour before to an hour after), priced at 1,000 yen. */
  const offering = (over: Record<string, unknown> = {}, price: string | null = '1000') =>
    saveOffering(t, op, `9${(codeSeq++).toString().padStart(2, '0')}Z`, over, price);
  const apply = (s: Session, id: string, zhang: string | number = 100) =>
    t.money('/trade/buy_newstock', { id, zhang, type: 'jpy' }, s);
  const records = async (s: Session) =>
    expectOk(await t.call('/trade/usernewstocklist', { type: 'jpy', buy_type: 0 }, { token: s.token }));
  const listing = async (s: Session, id: string) =>
    expectOk(await t.call('/trade/placinglist', { type: 'jpy' }, { token: s.token })).find(
      (o: { id: string }) => o.id === id,
    );
  const info = async (s: Session) =>
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
  const draw = (id: string) => t.admin('/ipo/draw', { id }, op);
  /** One round of the leader's jobs; the new shares' part of its report. */
  const ipoRound = async () =>
    ((await t.app.kabuto.jobs.runOnce()) as unknown as { ipo: Record<string, number> }).ipo;

  it('lists offerings by phase; the commitment is published when subscriptions open, the seed only once drawn', async () => {
    const s = await trader(t);
    const up = await offering({
      subscribe_start: s0 + 24 * HOUR,
      subscribe_end: s0 + 48 * HOUR,
      lottery_at: s0 + 49 * HOUR,
      payment_deadline: s0 + 72 * HOUR,
      listing_at: s0 + 96 * HOUR,
    });
    const open = await offering();
    const phase = async (status: number) =>
      expectOk(await t.call('/trade/placinglist', { type: 'jpy', status }, { token: s.token })).map(
        (o: { id: string }) => o.id,
      );
    expect(await phase(0)).toContain(up.id);
    expect(await phase(1)).toContain(open.id);
    expect(await phase(1)).not.toContain(up.id);
    expect(await phase(2)).not.toContain(open.id);
    // every phase of the seed is there for a new user
    for (const p of [0, 1, 2]) expect((await phase(p)).length).toBeGreaterThan(0);
    const before = await listing(s, open.id);
    expect(before).toMatchObject({ code: open.code, bprice: '1000.0000', num: 200, max_num: 500, status: 1 });
    expect(before.seed).toBe('');
    expect(before.mine).toBeNull();
    // the leader's round publishes the commitment of every open window
    await t.app.kabuto.jobs.runOnce();
    const after = await listing(s, open.id);
    expect(after.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(after.seed).toBe('');
    expect((await listing(s, up.id)).commitment).toBe('');
    // the reply matches the contract
    expect(newSharesApi.offeringRow.safeParse(after).success).toBe(true);
  });

  it('applies once inside the window: the amount is held (frozen), and the record says so', async () => {
    const s = await trader(t, { jpy: '1000000' });
    const o = await offering();
    const r = expectOk(await apply(s, o.id, '300'));
    expect(r.status).toBe(1);
    expect(await available(t, s)).toBe('700000.0000');
    const me = await info(s);
    expect(me.frozen).toBe('300000.0000');
    expect(me.total_assets).toBe('1000000.0000');
    const [rec] = await records(s);
    expect(rec).toMatchObject({
      stock_code: o.code,
      apply_total: 300,
      lucky_total: 0,
      status: 1,
      rjmoney: '300000.0000',
      xgstate: 'ipo.state.held',
      can_abstain: false,
    });
    expect(newSharesApi.applications.data.safeParse(await records(s)).success).toBe(true);
    // frozen counts the status-1 subscriptions' rjmoney (docs/products.md, "Frozen and total assets")
    expect(u(me.frozen)).toBe(u(rec.rjmoney));
    const hold = await transfersByRef(t.db, `ipo:${r.order_no}`);
    expect(hold.map((x) => [x.type, x.code])).toEqual([['pending', 'ipo']]);
    expect((await listing(s, o.id)).mine).toMatchObject({ status: 1, apply_total: 300 });
  });

  it('refuses: not started, ended, a second application, bad quantities, above the max, no money, unknown', async () => {
    const s = await trader(t, { jpy: '1000000' });
    const poor = await trader(t, { jpy: '50000' });
    const o = await offering();
    const later = await offering({
      subscribe_start: s0 + HOUR,
      subscribe_end: s0 + 2 * HOUR,
      lottery_at: s0 + 3 * HOUR,
    });
    const past = await offering({
      subscribe_start: s0 - 3 * HOUR,
      subscribe_end: s0 - 2 * HOUR,
      lottery_at: s0 + 3 * HOUR,
    });
    expectRefusal(await apply(s, later.id), 'ipo.notStarted');
    expectRefusal(await apply(s, past.id), 'ipo.ended');
    expectRefusal(await apply(s, o.id, 150), 'ipo.lotSize');
    expectRefusal(await apply(s, o.id, 600), 'ipo.aboveMax');
    expectRefusal(await apply(s, o.id, 0), 'validation.positiveInteger');
    expectRefusal(await apply(s, o.id, -100), 'validation.positiveInteger');
    expectRefusal(await apply(poor, o.id, 100), 'ipo.insufficientFunds');
    expectRefusal(await apply(s, '999999'), 'ipo.notFound');
    expectRefusal(
      await t.money('/trade/buy_newstock', { id: o.id, zhang: 100, type: 'usd' }, s),
      'ipo.notFound',
    );
    expectRefusal(
      await t.money('/trade/buy_newstock', { id: o.id, zhang: 100, type: 'jpy', symbol: 'XXXX' }, s),
      'ipo.notFound',
    );
    expectOk(await t.money('/trade/buy_newstock', { id: o.id, zhang: 100, type: 'jpy', symbol: o.code }, s));
    expectRefusal(await apply(s, o.id), 'ipo.alreadySubscribed');
    expect(await records(poor)).toEqual([]);
    expect(await available(t, poor)).toBe('50000.0000');
    // a cancelled offering takes no more applications, and releases the held ones
    expectOk(await t.admin('/ipo/cancel', { id: o.id, reason: 'test' }, op));
    expect(await available(t, s)).toBe('1000000.0000');
    expect((await records(s))[0]).toMatchObject({ status: 3, rjmoney: '-' });
    expectRefusal(await apply(poor, o.id), 'ipo.ended');
    expectRefusal(await t.admin('/ipo/cancel', { id: o.id, reason: 'again' }, op), 'ipo.cannotCancel');
  });

  it('50 simultaneous applications by one user: exactly one is taken and held', async () => {
    const s = await trader(t, { jpy: '10000000' });
    const o = await offering();
    const rs = await Promise.all(Array.from({ length: 50 }, () => apply(s, o.id, 100)));
    const oks = rs.filter((r) => r.body.status === 1);
    expect(oks).toHaveLength(1);
    for (const r of rs.filter((x) => x.body.status !== 1)) expect(r.body.code).toBe('ipo.alreadySubscribed');
    expect(await records(s)).toHaveLength(1);
    expect(await available(t, s)).toBe('9900000.0000');
  });

  it('draws with the committed seed: winners pay, losers are released, the waitlist waits; anyone can verify', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => trader(t, { jpy: '500000' })));
    const o = await offering();
    for (const s of users) expectOk(await apply(s, o.id, 200));
    expectRefusal(await draw(o.id), 'ipo.lotteryNotDue');
    expectRefusal(
      await t.call('/trade/newstock_draw', { id: o.id, type: 'jpy' }, { token: users[0].token }),
      'ipo.notDrawn',
    );
    t.clock.set(T0 + 1.5 * HOUR * 1000);
    const d = expectOk(await draw(o.id));
    expect(d).toMatchObject({ applications: 4, won: 2 });
    expect(createHash('sha256').update(d.seed).digest('hex')).toBe(d.commitment);
    expectRefusal(await draw(o.id), 'ipo.alreadyDrawn');

    // the proof: recompute the draw from the revealed seed and the applications in id order
    const proof = expectOk(
      await t.call('/trade/newstock_draw', { id: o.id, type: 'jpy' }, { token: users[0].token }),
    );
    expect(newSharesApi.drawProof.safeParse(proof).success).toBe(true);
    const again = drawLottery({
      seed: proof.seed,
      entries: proof.entries.map((e: { id: string; lots: string }) => ({
        id: BigInt(e.id),
        lots: BigInt(e.lots),
      })),
      lots: BigInt(proof.lots),
      mode: proof.mode,
      waitlist: proof.waitlist,
    });
    expect(
      again.map((r) => ({ id: String(r.id), outcome: r.outcome, lots: r.lots.toString(), rank: r.rank })),
    ).toEqual(proof.results);

    const outcomes = await Promise.all(users.map(async (s) => (await records(s))[0]));
    const won = outcomes.filter((r) => r.outcome === 'won');
    const waiting = outcomes.filter((r) => r.outcome === 'waitlisted');
    const lost = outcomes.filter((r) => r.outcome === 'lost');
    expect([won.length, waiting.length, lost.length]).toEqual([2, 1, 1]);
    // ticket mode: one lot (100 shares) per winning application, paid at the offer price
    for (const r of won)
      expect(r).toMatchObject({ status: 2, lucky_total: 100, rjmoney: '100000.0000', can_abstain: true });
    expect(waiting[0]).toMatchObject({ status: 1, rjmoney: '200000.0000', xgstate: 'ipo.state.waitlisted' });
    expect(lost[0]).toMatchObject({ status: 3, rjmoney: '-', xgstate: 'ipo.state.notWon' });
    for (const s of users) {
      const rec = (await records(s))[0];
      const cash = await available(t, s);
      if (rec.outcome === 'won') expect(cash).toBe('400000.0000');
      if (rec.outcome === 'waitlisted') expect(cash).toBe('300000.0000');
      if (rec.outcome === 'lost') expect(cash).toBe('500000.0000');
      // total assets: what is held and what was paid for an allotment awaiting listing both count (frozen)
      const me = await info(s);
      expect(u(me.frozen)).toBe(rec.status === 1 || rec.status === 2 ? u(rec.rjmoney) : 0n);
    }
    // fund records: the subscription payment in the winners' records
    const winner = users[outcomes.indexOf(won[0])];
    const fr = expectOk(
      await t.call('/user/capitalloglist', { type: 'jpy', kind: 'ipo_payment' }, { token: winner.token }),
    );
    const list = Array.isArray(fr) ? fr : fr.list;
    expect(list[0]).toMatchObject({ kind: 'ipo_payment', money: '-100000.0000', stock_code: o.code });
    // site messages tell each applicant
    const notices = await t.db
      .selectFrom('notice')
      .select('title')
      .where('user_id', '=', await userIdOf(t, winner))
      .execute();
    expect(notices.map((n) => (n.title as unknown as { us: string }).us)).toContain('New share: you won');
    // the operator sees the seed and the result, and the draw is in the audit log
    const adm = expectOk(await t.admin('/ipo/list', { market: 'jpy', size: 200 }, op)).list.find(
      (x: { id: string }) => x.id === o.id,
    );
    expect(adm.seed).toBe(d.seed);
    expect(adm.result).toEqual(proof.results);
    const log = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `ipo_offering:${o.id}`)
      .execute();
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['ipo.create', 'ipo.price', 'ipo.draw']));
    const apps = expectOk(await t.admin('/ipo/applications', { offering_id: o.id, outcome: 'won' }, op));
    expect(apps.total).toBe(2);
  });

  it('commits the entry list when the window closes, before the seed is revealed; the draw runs on that list only', async () => {
    const users = await Promise.all([1, 2, 3].map(() => trader(t, { jpy: '500000' })));
    const o = await offering();
    for (const s of users) expectOk(await apply(s, o.id, 100));
    const row = () =>
      t.db
        .selectFrom('ipo_offering')
        .select(['entries_commitment', 'state'])
        .where('id', '=', BigInt(o.id))
        .executeTakeFirstOrThrow();
    await ipoRound();
    expect((await row()).entries_commitment).toBeNull(); // the window is open
    t.clock.set(T0 + 1.5 * HOUR * 1000); // closed; the lottery is at T0 + 2 h
    await ipoRound();
    const committed = await row();
    expect(committed.entries_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(committed.state).toBe(0); // not drawn: the seed is still secret
    // an insider changes an entry after the commitment: the draw refuses to run on it
    const first = (await records(users[0]))[0];
    await t.db
      .updateTable('ipo_application')
      .set({ quantity: 200n })
      .where('id', '=', BigInt(first.id))
      .execute();
    expectRefusal(await draw(o.id), 'draw.entriesChanged');
    await t.db
      .updateTable('ipo_application')
      .set({ quantity: 100n })
      .where('id', '=', BigInt(first.id))
      .execute();
    expectOk(await draw(o.id));
    // the proof lists the committed entries; each user finds their own by the SHA-256 of their order number
    const proof = expectOk(
      await t.call('/trade/newstock_draw', { id: o.id, type: 'jpy' }, { token: users[0].token }),
    );
    expect(proof.entries_commitment).toBe(committed.entries_commitment);
    const text = entryListText(
      proof.entries.map((e: { id: string; holder: string; lots: string }) => ({
        id: BigInt(e.id),
        ref: e.holder,
        lots: BigInt(e.lots),
      })),
    );
    expect(createHash('sha256').update(text).digest('hex')).toBe(committed.entries_commitment);
    for (const s of users) {
      const mine = (await records(s))[0].order_no as string;
      const ref = createHash('sha256').update(mine).digest('hex');
      expect(proof.entries.some((e: { holder: string }) => e.holder === ref)).toBe(true);
    }
  });

  it('abstains before the deadline: refunded, the waitlisted one promoted; not after it, nor someone else’s', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => trader(t, { jpy: '500000' })));
    const o = await offering();
    for (const s of users) expectOk(await apply(s, o.id, 100));
    t.clock.set(T0 + 1.5 * HOUR * 1000);
    expectOk(await draw(o.id));
    const recs = await Promise.all(users.map(async (s) => (await records(s))[0]));
    const wi = recs.findIndex((r) => r.outcome === 'won');
    const li = recs.findIndex((r) => r.outcome === 'lost');
    const qi = recs.findIndex((r) => r.outcome === 'waitlisted');
    const abstain = (s: Session, id: string) => t.money('/trade/newstock_abstain', { id, type: 'jpy' }, s);
    expectRefusal(await abstain(users[li], recs[wi].id), 'ipo.recordNotFound');
    expectRefusal(await abstain(users[li], recs[li].id), 'ipo.cannotAbstain');
    expectRefusal(await abstain(users[qi], recs[qi].id), 'ipo.cannotAbstain');
    expectOk(await abstain(users[wi], recs[wi].id));
    expect(await available(t, users[wi])).toBe('500000.0000');
    expect((await records(users[wi]))[0]).toMatchObject({
      status: 4,
      rjmoney: '-',
      xgstate: 'ipo.state.abstained',
    });
    const promoted = (await records(users[qi]))[0];
    expect(promoted).toMatchObject({ outcome: 'won', status: 2, lucky_total: 100 });
    expect(await available(t, users[qi])).toBe('400000.0000');
    expectRefusal(await abstain(users[wi], recs[wi].id), 'ipo.cannotAbstain');
    const refund = expectOk(
      await t.call('/user/capitalloglist', { type: 'jpy', kind: 'ipo_refund' }, { token: users[wi].token }),
    );
    expect((Array.isArray(refund) ? refund : refund.list)[0]).toMatchObject({ money: '100000.0000' });
    // after the payment deadline: no more declining
    t.clock.set(T0 + 25 * HOUR * 1000);
    const other = recs.findIndex((r, i) => r.outcome === 'won' && i !== wi);
    expectRefusal(await abstain(users[other], recs[other].id), 'ipo.deadlinePassed');
  });

  it('lists on its date: the instrument joins the market, winners hold a leverage-1 new-share position and sell it', async () => {
    const s = await trader(t, { jpy: '500000' });
    const total = async () =>
      u(expectOk(await t.call('/user/assets_summary', {}, { token: s.token })).total as string);
    expect(await total()).toBe(u('500000'));
    const o = await offering({ shares: '10000' });
    expectOk(await apply(s, o.id, 200));
    expect(t.app.kabuto.market.instrument(o.code)).toBeUndefined();
    t.clock.set(T0 + 2.5 * HOUR * 1000);
    // the leader's round draws it on its lottery date …
    expect((await ipoRound()).drawn).toBeGreaterThan(0);
    expect((await records(s))[0]).toMatchObject({ status: 2, lucky_total: 200 });
    // paid, awaiting listing: the allotment is still the user's, total assets unchanged
    expect(await total()).toBe(u('500000'));
    t.clock.set(T0 + 30 * HOUR * 1000);
    expect(await total()).toBe(u('500000'));
    // … and lists it on its listing date: total assets move by the price difference only
    t.clock.set(T0 + 48 * HOUR * 1000);
    expect((await ipoRound()).listed).toBeGreaterThan(0);
    const listedAt = t.app.kabuto.market.quote(o.code)!.price;
    expect(await total()).toBe(u('500000') + (listedAt - u('1000')) * 200n);
    const inst = t.app.kabuto.market.instrument(o.code);
    expect(inst?.names.us).toBe(`Test ${o.code}`);
    const q = t.app.kabuto.market.quote(o.code)!;
    // the first price obeys the TSE opening range: 75% to 230% of the offer price
    expect(q.open >= u('750') && q.open <= u('2300')).toBe(true);
    // the listing day is measured from the offer price (公開価格), not from the first trade
    expect(q.preClose).toBe(u('1000'));
    expect(q.change).toBe(q.price - u('1000'));
    expect((await records(s))[0]).toMatchObject({ status: 5, xgstate: 'ipo.state.listed' });
    const uid = await userIdOf(t, s);
    const pos = await t.db
      .selectFrom('position')
      .selectAll()
      .where('user_id', '=', uid)
      .executeTakeFirstOrThrow();
    expect(pos).toMatchObject({
      source: 'new_share',
      leverage: 1,
      quantity: 200n,
      open_price: u('1000'),
      status: 0,
    });
    expect(await available(t, s)).toBe('300000.0000');
    expect((await info(s)).frozen).toBe('200000.0000');
    const sold = expectOk(await t.money('/trade/sell_stock', { id: String(pos.id), type: 'jpy' }, s));
    expect(u(sold.sell_price)).toBeGreaterThan(0n);
    const bal = await userBalance(t.db, uid, 'jpy');
    expect(bal.margin).toBe(0n);
    expect((await info(s)).frozen).toBe('0.0000');
  });

  it('takes the money at the win when so configured: nothing held at application', async () => {
    await saveSetting(t.db, 'ipo_hold_at', 'win');
    const rich = await trader(t, { jpy: '500000' });
    const o = await offering({ shares: '100', waitlist: 0 });
    const r = expectOk(await apply(rich, o.id, 100));
    expect(r.status).toBe(0);
    expect(await available(t, rich)).toBe('500000.0000');
    expect((await records(rich))[0]).toMatchObject({ status: 0, rjmoney: '-', xgstate: 'ipo.state.applied' });
    t.clock.set(T0 + 1.5 * HOUR * 1000);
    expectOk(await draw(o.id));
    expect((await records(rich))[0]).toMatchObject({ status: 2, rjmoney: '100000.0000' });
    expect(await available(t, rich)).toBe('400000.0000');
  });

  it('the back office: edits before the window only, prices inside the range, refuses bad calendars', async () => {
    const o = await offering({}, null);
    expectRefusal(await t.admin('/ipo/price', { id: o.id, offer_price: '1200' }, op), 'ipo.priceOutOfRange');
    expectRefusal(
      await t.admin('/ipo/save', offeringBody(o.code, { id: o.id, shares: '400' }), op),
      'ipo.cannotEdit',
    );
    expectRefusal(
      await t.admin(
        '/ipo/save',
        // the window ends before it starts
        offeringBody('ZZ1', { shares: '400', subscribe_start: s0 + HOUR, subscribe_end: s0 }),
        op,
      ),
      'ipo.badCalendar',
    );
    expectRefusal(
      await t.admin(
        '/ipo/save',
        // a code the catalogue lists already
        offeringBody('7203', {
          board: 'tse_prime',
          shares: '400',
          subscribe_start: s0 + HOUR,
          subscribe_end: s0 + 2 * HOUR,
        }),
        op,
      ),
      'ipo.codeTaken',
    );
    // unpriced: applications hold the top of the range; the lottery waits for the price
    const s = await trader(t, { jpy: '500000' });
    expectOk(await apply(s, o.id, 100));
    expect(await available(t, s)).toBe('390000.0000');
    t.clock.set(T0 + 1.5 * HOUR * 1000);
    expectRefusal(await draw(o.id), 'ipo.notPriced');
    expectOk(await t.admin('/ipo/price', { id: o.id, offer_price: '950' }, op));
    expectOk(await draw(o.id));
    // won at 950: the rest of the hold is released
    expect(await available(t, s)).toBe('405000.0000');
    // the record shows the final offer price, not the top of the range the application held
    expect((await records(s))[0].apply_price).toBe('950.0000');
  });

  describe('bad input: status 0 with a msg key, never a 500, nothing written', () => {
    const CALLS: { e: Endpoint; valid: Record<string, unknown> }[] = [
      { e: newSharesApi.offerings, valid: { type: 'jpy', status: '1' } },
      { e: newSharesApi.apply, valid: { id: '1', zhang: '100', type: 'jpy' } },
      { e: newSharesApi.decline, valid: { id: '1', type: 'jpy' } },
      { e: newSharesApi.applications, valid: { type: 'jpy', buy_type: '0' } },
      { e: newSharesApi.draw, valid: { id: '1', type: 'jpy' } },
    ];
    const BAD: unknown[] = [null, true, [], {}, 'x'.repeat(5000), '１００', -1, '1e9', '0x10'];
    it.each(CALLS)('$e.path', async ({ e, valid }) => {
      const s = await trader(t, { jpy: '100000' });
      for (const field of Object.keys(valid)) {
        for (const bad of BAD) {
          const r = await t.call(e.path, { ...valid, [field]: bad }, { token: s.token });
          expect(r.http).toBeLessThan(500);
          if (r.body.status === 0) expect(isMsgKey(r.body.code as string)).toBe(true);
        }
        const { [field]: _, ...missing } = valid;
        const r = await t.call(e.path, missing, { token: s.token });
        expect(r.http).toBeLessThan(500);
      }
      // bodies are lenient: a field the call does not know is ignored, never refused for being there
      const extra = await t.call(e.path, { ...valid, nope: 1 }, { token: s.token });
      expect(extra.http).toBeLessThan(500);
      expect(extra.body.code).not.toBe('validation.unknownField');
      expect(await records(s)).toEqual([]);
    });
  });
});
