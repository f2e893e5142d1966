import { withTx } from '@kabuto/db';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { drawLottery, IPO_LOT, type LotteryResult, promoteWaitlisted } from '@kabuto/domain';
import { createTransfers, platformAccount, transfersByRef, userAccount, userBalance } from '@kabuto/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFundRecords } from '../src/shared/fund-records.ts';
import { NOTICE_TEMPLATES, type NoticeTemplate } from '../src/shared/notice-templates.ts';
import { saveSetting } from '../src/shared/settings.ts';
import { createTestApp, expectOk, type Session, T0, type TestApp } from './support/app.ts';
import { saveOffering } from './support/new-shares.ts';
import { expectLedgerSound, trader } from './support/trading.ts';

const HOUR = 3600;
/** Applications: half held at application, half paid from cash at the win. */
const N = 200;
/** Money in ledger units (four decimals). */
const UNIT = 10_000n;
const CASH = 400_000n * UNIT;
const PRICE = 1000n * UNIT;

/**
 * The draw settles its results in batches (rows, payments, fund records, notices set-based). Over a few
 * hundred applications with every outcome and one winner short of cash, the rows and the ledger must be
 * exactly what the per-application rules give: computed here from the domain's `drawLottery` and
 * `promoteWaitlisted`, one application at a time.
 */
describe.each(API_DB_KINDS)('new-share draw over many applications on %s', (kind) => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
  });
  afterAll(async () => t?.close());

  it('leaves the rows, payments, fund records and notices the per-application rules give', async () => {
    const r = await saveOffering(
      t,
      op,
      '9990Z',
      {
        name_jp: 'テスト多数',
        name_cn: '测试多数',
        name_us: 'Test Many',
        shares: '6000',
        waitlist: 12,
      },
      (PRICE / UNIT).toString(),
    );
    const offeringId = BigInt(r.id);
    const users: Session[] = [];
    for (let i = 0; i < N; i++) {
      await saveSetting(t.db, 'ipo_hold_at', i % 2 === 0 ? 'application' : 'win');
      const s = await trader(t, { jpy: (CASH / UNIT).toString() }, { margin: false });
      const zhang = ((i % 3) + 1) * 100;
      expectOk(await t.money('/trade/buy_newstock', { id: r.id, zhang, type: 'jpy' }, s));
      users.push(s);
    }
    await saveSetting(t.db, 'ipo_hold_at', 'application');
    await t.app.kabuto.jobs.runOnce(); // the seed is committed (the window is open)
    const o = await t.db
      .selectFrom('ipo_offering')
      .selectAll()
      .where('id', '=', offeringId)
      .executeTakeFirstOrThrow();
    const before = await t.db
      .selectFrom('ipo_application')
      .selectAll()
      .where('offering_id', '=', offeringId)
      .orderBy('id')
      .execute();
    expect(before).toHaveLength(N);
    const entries = before.map((a) => ({ id: a.id, lots: a.quantity / IPO_LOT }));
    const drawn = drawLottery({
      seed: o.seed as string,
      entries,
      lots: o.shares / IPO_LOT,
      mode: o.draw_mode,
      waitlist: o.waitlist,
    });

    // one winner paying at the win has no cash left by the draw: it abstains, the waitlist moves up
    const short = before.find(
      (a) => a.status === 0 && drawn.find((x) => x.id === a.id)?.outcome === 'won',
    ) as (typeof before)[number];
    expect(short).toBeDefined();
    await withTx(t.db, async (tx) => {
      const bank = await platformAccount(tx as never, 'bank', 'jpy');
      const cash = await userAccount(tx as never, short.user_id, 'jpy', 'cash');
      const [tr] = await createTransfers(tx, [
        {
          type: 'single',
          debitAccountId: cash.id,
          creditAccountId: bank.id,
          amount: CASH,
          currency: 'jpy',
          code: 'withdrawal',
          operationRef: `test-withdrawal:${short.user_id}`,
        },
      ]);
      await writeFundRecords(tx, [
        {
          userId: short.user_id,
          currency: 'jpy',
          type: 'withdrawal',
          orderNo: `W${short.user_id}`,
          amount: -CASH,
          transferId: tr.id,
          at: new Date(T0),
        },
      ]);
    });
    const { results: after, promoted } = promoteWaitlisted(drawn, entries, short.id);
    expect(promoted.length).toBeGreaterThan(0);
    const final = new Map<bigint, LotteryResult>(after.map((x) => [x.id, x]));
    const first = new Map<bigint, LotteryResult>(drawn.map((x) => [x.id, x]));
    const outcomes = new Set(drawn.map((x) => x.outcome));
    expect([...outcomes].sort()).toEqual(['lost', 'waitlisted', 'won']);

    t.clock.set(T0 + 1.5 * HOUR * 1000);
    const d = expectOk(await t.admin('/ipo/draw', { id: r.id }, op));
    expect(d).toMatchObject({ applications: N, won: drawn.filter((x) => x.outcome === 'won').length });

    const rows = await t.db
      .selectFrom('ipo_application')
      .selectAll()
      .where('offering_id', '=', offeringId)
      .orderBy('id')
      .execute();
    for (const a of rows) {
      const was = before.find((b) => b.id === a.id) as (typeof before)[number];
      const res = final.get(a.id) as LotteryResult;
      const held = was.status === 1;
      const paid = res.outcome === 'won' ? PRICE * res.lots * IPO_LOT : 0n;
      const status =
        a.id === short.id ? 4 : res.outcome === 'won' ? 2 : res.outcome === 'lost' ? 3 : was.status;
      expect({
        rank: a.rank,
        outcome: a.outcome,
        status: a.status,
        allotted: a.allotted,
        paid: a.paid,
      }).toEqual({
        rank: res.rank,
        outcome: res.outcome,
        status,
        allotted: res.lots * IPO_LOT,
        paid,
      });
      // the ledger: what each user has left, holds and allotments
      const b = await userBalance(t.db, a.user_id, 'jpy');
      const reserved = res.outcome === 'waitlisted' && held ? was.amount : 0n;
      const cash = a.id === short.id ? 0n : CASH - paid - reserved;
      expect({ available: b.available, reserved: b.reserved, awaiting: b.awaiting }).toEqual({
        available: cash,
        reserved,
        awaiting: paid,
      });
      const moves = (await transfersByRef(t.db, `ipo:${a.order_no}`)).map((x) => `${x.type}:${x.amount}`);
      const hold = `pending:${was.amount}`;
      const expected = held
        ? res.outcome === 'won'
          ? [hold, `post:${paid}`]
          : res.outcome === 'lost'
            ? [hold, 'void:0']
            : [hold]
        : res.outcome === 'won'
          ? [`single:${paid}`]
          : [];
      expect(moves.map((m) => m.replace(/^void:.*/, 'void:0'))).toEqual(expected);
      // the statement: the payment, with the cash's balance after it
      const records = await t.db
        .selectFrom('fund_record')
        .select(['amount', 'balance'])
        .where('user_id', '=', a.user_id)
        .where('type', '=', 'ipo_payment')
        .execute();
      expect(records).toEqual(paid > 0n ? [{ amount: -paid, balance: CASH - paid }] : []);
      // the messages: the draw's (and a promotion's win after the waitlist notice)
      const templates: NoticeTemplate[] =
        a.id === short.id
          ? ['ipoPaymentFailed']
          : promoted.includes(a.id)
            ? ['ipoWaitlisted', 'ipoWon']
            : [
                first.get(a.id)?.outcome === 'won'
                  ? 'ipoWon'
                  : first.get(a.id)?.outcome === 'lost'
                    ? 'ipoNotWon'
                    : 'ipoWaitlisted',
              ];
      const notices = await t.db
        .selectFrom('notice')
        .select('title')
        .where('user_id', '=', a.user_id)
        .where('created_at', '=', new Date(T0 + 1.5 * HOUR * 1000))
        .orderBy('id')
        .execute();
      expect(notices.map((n) => (n.title as unknown as { us: string }).us)).toEqual(
        templates.map((x) => NOTICE_TEMPLATES[x].title.us),
      );
    }
    expect(users).toHaveLength(N);
    await expectLedgerSound(t);
    t.clock.set(T0);
  }, 240_000);
});
