import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, type Session, type TestApp } from './support/app.ts';

/**
 * Fund records page by a seek (the ids of a page from the records index, or `after` the last record
 * shown): every way of paging returns exactly the rows of the plain ordered list (newest first, then the
 * higher id among records of one instant), with no gap and no repeat.
 */
describe.each(API_DB_KINDS)('fund records paging on %s', (kind) => {
  let t: TestApp;
  let s: Session;
  let other: Session;
  let userId: bigint;
  let otherRecord: string;
  const BASE = Date.parse('2026-11-20T01:00:00Z');

  const idOf = async (x: Session) =>
    (
      await t.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', x.account)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.demo();
    s = await t.newUser('pg');
    other = await t.newUser('pg');
    userId = await idOf(s);
    const transfer = (
      await t.db.selectFrom('ledger_transfer').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
    ).id;
    // 53 records: times out of id order, runs of up to four records on one instant, three wallets, two types
    const rows = Array.from({ length: 53 }, (_, i) => ({
      user_id: userId,
      currency: ['jpy', 'usd', 'jpy', 'hkd'][i % 4],
      type: i % 3 === 0 ? 'fee' : 'deposit',
      order_no: `P${i}`,
      amount: i % 3 === 0 ? -100n : 10_000n,
      balance: 0n,
      transfer_id: transfer,
      created_at: new Date(BASE + ((i * 7) % 17) * 3_600_000),
    }));
    for (const r of rows) await t.db.insertInto('fund_record').values(r).execute();
    const o = await t.db
      .insertInto('fund_record')
      .values({ ...rows[0], user_id: await idOf(other), order_no: 'O1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    otherRecord = String(o.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The list as one ordered query has it (what paging by OFFSET returned). */
  const reference = async (f: { currency?: string; type?: string; from?: Date; to?: Date } = {}) => {
    let q = t.db.selectFrom('fund_record').select('id').where('user_id', '=', userId);
    if (f.currency) q = q.where('currency', '=', f.currency);
    if (f.type) q = q.where('type', '=', f.type);
    if (f.from) q = q.where('created_at', '>=', f.from);
    if (f.to) q = q.where('created_at', '<', f.to);
    return (await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((r) => String(r.id));
  };

  const list = async (body: Record<string, unknown>, who = s) =>
    expectOk(await t.call('/user/capitalloglist', body, { token: who.token })) as {
      list: { id: string; create_time: number }[];
      total: number;
    };

  const byPages = async (filter: Record<string, unknown>, size: number) => {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const r = await list({ ...filter, page, size });
      if (r.list.length === 0) return { ids, total: r.total };
      ids.push(...r.list.map((x) => x.id));
    }
  };

  const byCursor = async (filter: Record<string, unknown>, size: number) => {
    const ids: string[] = [];
    for (;;) {
      const after = ids.at(-1);
      const r = await list({ ...filter, page: 1, size, ...(after ? { after } : {}) });
      if (r.list.length === 0) return { ids, total: r.total };
      ids.push(...r.list.map((x) => x.id));
    }
  };

  const FILTERS: [Record<string, unknown>, Parameters<typeof reference>[0]][] = [
    [{}, {}],
    [{ type: 'jpy' }, { currency: 'jpy' }],
    [{ kind: 'fee' }, { type: 'fee' }],
    [
      { type: 'jpy', kind: 'deposit', start: '2026-11-20', end: '2026-11-20' },
      {
        currency: 'jpy',
        type: 'deposit',
        from: new Date('2026-11-19T15:00:00Z'),
        to: new Date('2026-11-20T15:00:00Z'),
      },
    ],
  ];

  it('by page number and by `after`, at any page size, returns the ordered list: no gap, no repeat, ties in id order', async () => {
    const all = await reference();
    expect(all).toHaveLength(53);
    // runs of equal timestamps exist, and ids do not follow time
    const times = (await list({ page: 1, size: 100 })).list.map((r) => r.create_time);
    expect(new Set(times).size).toBeLessThan(times.length);
    expect([...all].sort((a, b) => Number(b) - Number(a))).not.toEqual(all);
    for (const [filter, ref] of FILTERS) {
      const want = await reference(ref);
      expect(want.length).toBeGreaterThan(0);
      for (const size of [1, 4, 20, 100]) {
        const paged = await byPages(filter, size);
        const seeked = await byCursor(filter, size);
        expect(paged.ids).toEqual(want);
        expect(seeked.ids).toEqual(want);
        expect(paged.total).toBe(want.length);
        expect(seeked.total).toBe(want.length);
      }
    }
  });

  it('the family’s array reply (no page) is the first page; `after` another user’s record gives nothing; a bad cursor is refused', async () => {
    const first = expectOk(await t.call('/user/capitalloglist', { size: 5 }, { token: s.token }));
    expect(first.map((r: { id: string }) => r.id)).toEqual((await reference()).slice(0, 5));
    expect((await list({ page: 1, after: otherRecord })).list).toEqual([]);
    expect((await list({ page: 1 }, other)).list.map((r) => r.id)).toEqual([otherRecord]);
    expectRefusal(
      await t.call('/user/capitalloglist', { page: 1, after: 'x1' }, { token: s.token }),
      'validation.invalid',
    );
  });

  it('a record written between two pages shifts a page number by one row, never a cursor', async () => {
    const want = await reference();
    const page1 = (await list({ page: 1, size: 10 })).list.map((r) => r.id);
    const fresh = await t.db
      .insertInto('fund_record')
      .values({
        user_id: userId,
        currency: 'jpy',
        type: 'deposit',
        order_no: 'NEW',
        amount: 1n,
        balance: 0n,
        transfer_id: (
          await t.db.selectFrom('ledger_transfer').select('id').limit(1).executeTakeFirstOrThrow()
        ).id,
        created_at: new Date(BASE + 30 * 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byCursor2 = (await list({ page: 1, size: 10, after: page1.at(-1) })).list.map((r) => r.id);
    const byNumber2 = (await list({ page: 2, size: 10 })).list.map((r) => r.id);
    expect(byCursor2).toEqual(want.slice(10, 20));
    expect(byNumber2[0]).toBe(page1.at(-1));
    expect((await list({ page: 1, size: 1 })).list[0].id).toBe(String(fresh.id));
  });
});
