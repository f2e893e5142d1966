import { randomUUID } from 'node:crypto';
import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { checkInvariants, userBalance } from '@kabuto/ledger';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectOk,
  expectRefusal,
  fundUser,
  IMAGES,
  readyUser,
  type Session,
  T0,
  type TestApp,
} from './support/app.ts';
import { openMarginAccount } from './support/trading.ts';
import { u } from './support/units.ts';

describe.each(TEST_DB_KINDS)('money calls under concurrency, idempotency and double taps on %s', (kind) => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
  });
  afterEach(async () => {
    t.clock.set(T0);
    expect((await checkInvariants(t.db)).violations).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const userId = async (s: Session) =>
    (
      await t.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', s.account)
        .executeTakeFirstOrThrow()
    ).id;
  const withdrawBody = (s: { cardId: string }, money = '10000') => ({
    money,
    bankid: s.cardId,
    passwords: '112233',
    type: 'jpy',
  });
  const call = (s: Session, path: string, body: Record<string, unknown>, key?: string) =>
    t.call(path, body, { token: s.token, headers: key ? { 'idempotency-key': key } : {} });

  it('accepts exactly one of 50 concurrent withdrawals (distinct keys); available and frozen add up', async () => {
    const s = await readyUser(t, { realname: '藤田 隼人', fund: '400000', opToken: op });
    const id = await userId(s);
    const rs = await Promise.all(
      Array.from({ length: 50 }, () => call(s, '/user/withdrawal', withdrawBody(s), randomUUID())),
    );
    const accepted = rs.filter((r) => r.body.status === 1);
    expect(accepted).toHaveLength(1);
    for (const r of rs.filter((x) => x.body.status === 0)) {
      expect(r.http).toBe(200);
      expect(r.body.code).toBe('withdraw.pending');
    }
    const me = expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
    expect(me).toMatchObject({ jpy: '390000.0000', frozen: '10000.0000', total_assets: '400000.0000' });
    const b = await userBalance(t.db, id, 'jpy');
    expect(b.available + b.reserved).toBe(u('400000'));
    expect(b.reserved).toBe(u('10000'));
    const rows = await t.db.selectFrom('withdrawal').select('id').where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets one of 50 concurrent key-less taps through; the rest are double taps', async () => {
    const s = await readyUser(t, { realname: '石川 葵', fund: '400000', opToken: op });
    const rs = await Promise.all(
      Array.from({ length: 50 }, () => call(s, '/user/withdrawal', withdrawBody(s))),
    );
    expect(rs.filter((r) => r.body.status === 1)).toHaveLength(1);
    for (const r of rs.filter((x) => x.body.status === 0)) expect(r.body.code).toBe('operation.tooFrequent');
    const me = expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
    expect(me).toMatchObject({ jpy: '390000.0000', frozen: '10000.0000' });
  });

  it('refuses a second key-less call of the same path within 2 seconds, not after', async () => {
    const s = await readyUser(t, { realname: '山口 蓮', fund: '100000', opToken: op });
    expectOk(await call(s, '/user/rotation', { money: '1000', from: 'jpy', to: 'usd' }));
    expectRefusal(
      await call(s, '/user/rotation', { money: '1000', from: 'jpy', to: 'usd' }),
      'operation.tooFrequent',
    );
    // another money path is another call
    expectRefusal(await call(s, '/user/to_jq', { type: 'jpy', money: '100001' }), 'loan.insufficientQuota');
    t.clock.advance(1_999);
    expectRefusal(
      await call(s, '/user/rotation', { money: '1000', from: 'jpy', to: 'usd' }),
      'operation.tooFrequent',
    );
    t.clock.advance(1);
    expectOk(await call(s, '/user/rotation', { money: '1000', from: 'jpy', to: 'usd' }));
    // letter case does not make it another path
    t.clock.advance(500);
    expectRefusal(
      await call(s, '/User/Rotation', { money: '1000', from: 'jpy', to: 'usd' }),
      'operation.tooFrequent',
    );
  });

  it('replays the first reply of a key with no second effect', async () => {
    const s = await readyUser(t, { realname: '松井 陸', fund: '100000', opToken: op });
    const id = await userId(s);
    const key = randomUUID();
    const body = { money: '5000', from: 'jpy', to: 'usd' };
    const first = await call(s, '/user/rotation', body, key);
    const x = expectOk(first);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10_000);
      const again = await call(s, '/user/rotation', body, key);
      expect(again.body).toEqual(first.body);
      expect(again.raw.headers['idempotent-replay']).toBe('true');
    }
    expect(
      await t.db.selectFrom('fx_exchange').select('id').where('user_id', '=', id).execute(),
    ).toHaveLength(1);
    expect((await userBalance(t.db, id, 'jpy')).available).toBe(u('95000'));
    expect(x.order_number).toBeTruthy();

    // a refusal is a reply too: replayed as it was, even when the call would now succeed
    const k2 = randomUUID();
    const refused = await call(s, '/user/withdrawal', { ...withdrawBody(s), passwords: '000000' }, k2);
    expectRefusal(refused, 'account.wrongFundPassword');
    expect((await call(s, '/user/withdrawal', withdrawBody(s), k2)).body).toEqual(refused.body);
    // the same key on another path is another request
    expectOk(await call(s, '/user/withdrawal', withdrawBody(s), key));
    // and another user's same key is theirs
    const other = await readyUser(t, { realname: '坂本 結衣', fund: '10000', opToken: op });
    expectOk(await call(other, '/user/rotation', body, key));
  });

  it('keeps a key for a day: then it is a new request, and the user’s expired keys are cleared', async () => {
    const s = await readyUser(t, { realname: '今井 翔', fund: '100000', opToken: op });
    const id = await userId(s);
    const body = { money: '1000', from: 'jpy', to: 'usd' };
    const [old1, old2] = [randomUUID(), randomUUID()];
    const first = expectOk(await call(s, '/user/rotation', body, old1));
    expectOk(await call(s, '/user/rotation', body, old2));
    const keys = () =>
      t.db.selectFrom('idempotency_key').select('key').where('user_id', '=', id).orderBy('key').execute();
    expect((await keys()).map((k) => k.key)).toEqual(expect.arrayContaining([old1, old2]));
    t.clock.advance(25 * 60 * 60 * 1000);
    // a day later the same key runs again (a second exchange), and the user's other stale keys are gone
    const again = expectOk(await call(s, '/user/rotation', body, old1));
    expect(again.order_number).not.toBe(first.order_number);
    expect((await keys()).map((k) => k.key)).toEqual([old1]);
    expect((await userBalance(t.db, id, 'jpy')).available).toBe(u('97000'));
  });

  it('takes over a key whose first request died before committing, once it is 5 minutes old', async () => {
    const s = await readyUser(t, { realname: '小松 陸', fund: '100000', opToken: op });
    const id = await userId(s);
    const body = { money: '1000', from: 'jpy', to: 'usd' };
    const [fresh, stale] = [randomUUID(), randomUUID()];
    // what a process that died in the middle of a request leaves behind: a pending key and nothing else
    await t.db
      .insertInto('idempotency_key')
      .values([
        {
          user_id: id,
          path: '/api/vue/user/rotation',
          key: fresh,
          state: 'pending',
          created_at: new Date(T0 - 60_000),
        },
        {
          user_id: id,
          path: '/api/vue/user/rotation',
          key: stale,
          state: 'pending',
          created_at: new Date(T0 - 301_000),
        },
      ])
      .execute();
    expectRefusal(await call(s, '/user/rotation', body, fresh), 'operation.inProgress');
    expectOk(await call(s, '/user/rotation', body, stale));
    expect(
      await t.db.selectFrom('fx_exchange').select('id').where('user_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('never runs a committed operation again, even when its reply was never stored', async () => {
    const s = await readyUser(t, { realname: '大野 蓮', fund: '500000', opToken: op });
    await openMarginAccount(t, s);
    const id = await userId(s);
    // a withdrawal (first: an open position would block it), an order (written in a batch) and an exchange
    const calls = [
      { path: '/user/withdrawal', body: withdrawBody(s), table: 'withdrawal' },
      {
        path: '/trade/buy_stock',
        body: { symbol: '7203', zhang: '100', ganggan: '2', buyzd: 1, gdlx: 1, type: 'jpy' },
        table: 'position',
      },
      { path: '/user/rotation', body: { money: '1000', from: 'jpy', to: 'usd' }, table: 'fx_exchange' },
    ] as const;
    const keys = calls.map(() => randomUUID());
    // The process dies after the operation committed and before its reply is stored: here the store fails.
    await sql`create function test_lose_reply() returns trigger language plpgsql
      as $$ begin raise exception 'reply lost'; end $$`.execute(t.db);
    await sql`create trigger test_lose_reply before update on idempotency_key
      for each row when (new.state = 'done') execute function test_lose_reply()`.execute(t.db);
    try {
      for (const [i, c] of calls.entries()) {
        const r = await call(s, c.path, c.body, keys[i]);
        expect(r.http).toBe(500);
        expect(r.body).toMatchObject({ status: 0 });
      }
    } finally {
      await sql`drop trigger test_lose_reply on idempotency_key`.execute(t.db);
      await sql`drop function test_lose_reply()`.execute(t.db);
    }
    const rows = await t.db
      .selectFrom('idempotency_key')
      .select(['key', 'state', 'reply'])
      .where('user_id', '=', id)
      .where('key', 'in', keys)
      .execute();
    expect(rows).toHaveLength(calls.length);
    for (const k of rows) expect(k).toMatchObject({ state: 'applied', reply: null });
    // long after a pending key would have been taken over, the same requests run nothing again
    t.clock.advance(10 * 60_000);
    for (const [i, c] of calls.entries()) {
      expectRefusal(await call(s, c.path, c.body, keys[i]), 'operation.inProgress');
      const done = await t.db.selectFrom(c.table).select('id').where('user_id', '=', id).execute();
      expect(done).toHaveLength(1);
    }
  });

  it('runs the same key once when it arrives many times at once', async () => {
    const s = await readyUser(t, { realname: '原田 海斗', fund: '100000', opToken: op });
    const id = await userId(s);
    const key = randomUUID();
    const rs = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(s, '/user/rotation', { money: '1000', from: 'jpy', to: 'krw' }, key),
      ),
    );
    const oks = rs.filter((r) => r.body.status === 1);
    expect(oks.length).toBeGreaterThanOrEqual(1);
    // every success is the same reply; the others were told the first is still running
    for (const r of oks) expect(r.body).toEqual(oks[0].body);
    for (const r of rs.filter((x) => x.body.status === 0)) expect(r.body.code).toBe('operation.inProgress');
    expect(
      await t.db.selectFrom('fx_exchange').select('id').where('user_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const s = await t.newUser();
    for (const key of ['', 'x'.repeat(129), 'with space', 'ключ']) {
      const r = await t.call(
        '/user/rotation',
        { money: '1', from: 'jpy', to: 'usd' },
        { token: s.token, headers: { 'idempotency-key': key } },
      );
      expect(r.body.status, key).toBe(0);
      expect(['request.badIdempotencyKey', 'operation.tooFrequent']).toContain(r.body.code);
    }
  });

  it('never overdraws: 20 concurrent exchanges of 10,000 from 100,000 → exactly 10 succeed', async () => {
    const s = await readyUser(t, { realname: '小川 七海', fund: '100000', opToken: op });
    const id = await userId(s);
    const rs = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(s, '/user/rotation', { money: '10000', from: 'jpy', to: 'usd' }, randomUUID()),
      ),
    );
    expect(rs.filter((r) => r.body.status === 1)).toHaveLength(10);
    for (const r of rs.filter((x) => x.body.status === 0))
      expect(r.body.code).toBe('money.insufficientAvailable');
    expect((await userBalance(t.db, id, 'jpy')).available).toBe(0n);
  });

  it('decides a request once when two operators click at the same moment', async () => {
    const s = await readyUser(t, { realname: '中島 悠', opToken: op });
    const channels = expectOk(await t.call('/common/recharge_channel', {}, { token: s.token }));
    const proof = expectOk(await t.upload(s, IMAGES.jpeg()));
    const dep = expectOk(
      await t.money(
        '/user/chongzhi',
        { money: '50000', rjpz: proof, channel: channels[0].id, rpassword: t.env.DEMO_CHANNEL_PASSWORD },
        s,
      ),
    );
    const op2 = await t.adminLogin();
    const rs = await Promise.all([
      t.admin('/deposits/decide', { id: dep.id, approve: true }, op),
      t.admin('/deposits/decide', { id: dep.id, approve: true }, op2),
      t.admin('/deposits/decide', { id: dep.id, approve: false, reason: 'dup' }, op2),
    ]);
    expect(rs.filter((r) => r.body.status === 1)).toHaveLength(1);
    for (const r of rs.filter((x) => x.body.status === 0)) expect(r.body.code).toBe('review.alreadyDecided');
    const me = expectOk(await t.call('/user/getUserinfo', {}, { token: s.token }));
    expect(['50000.0000', '0.0000']).toContain(me.jpy);
    // and a second deposit for good measure
    if (me.jpy === '0.0000') await fundUser(t, s, '50000', 'jpy', op);
  });
});
