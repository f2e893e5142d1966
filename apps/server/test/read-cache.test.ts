import { randomBytes, randomUUID } from 'node:crypto';
import { API_DB_KINDS } from '@kabuto/db/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { localUserChanges, type UserChanges } from '../src/shared/user-changes.ts';
import {
  createTestApp,
  expectOk,
  expectRefusal,
  type Reply,
  recordReplyMismatch,
  type Session,
  type TestApp,
} from './support/app.ts';
import { fund, openMarginAccount, trader, userIdOf } from './support/trading.ts';

const PG = process.env.DATABASE_URL;
const REDIS = process.env.REDIS_URL;

/**
 * Two server processes of one deployment (here two app instances on one database, sharing a bus):
 * every session each keeps in memory must end in both at once when it is revoked in either, and every
 * read must show a write made through the other as soon as the write is answered.
 */
function twoProcesses(
  name: string,
  setup: () => Promise<{ a: TestApp; b: FastifyInstance; done(): Promise<void> }>,
) {
  describe(name, () => {
    let a: TestApp;
    let b: FastifyInstance;
    let done: () => Promise<void>;
    let operator: string;
    beforeAll(async () => {
      ({ a, b, done } = await setup());
      operator = await a.adminLogin();
    });
    afterAll(async () => done?.());

    /** A call to process B. */
    async function onB(path: string, body: Record<string, unknown>, token: string): Promise<Reply> {
      const raw = await b.inject({
        method: 'POST',
        url: `/api/vue${path}`,
        headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
        payload: JSON.stringify(body),
      });
      return { http: raw.statusCode, body: raw.json(), raw };
    }
    const infoOnB = (s: Session) => onB('/user/getUserinfo', { type: 'jpy' }, s.token);
    /** The positions of a list reply (keyed "0", "1", … beside its totals). */
    const positions = (data: Record<string, unknown>) =>
      Object.keys(data)
        .filter((k) => /^\d+$/.test(k))
        .map((k) => data[k] as { id: string });
    const login = async (s: Session) =>
      expectOk(await a.call('/user/login', { account: s.account, password: s.password })).token as string;
    const setState = async (s: Session, state: string) =>
      expectOk(
        await a.admin('/users/state', { id: String(await userIdOf(a, s)), state, reason: 'r' }, operator),
      );

    it('a logout in A ends the session in B', async () => {
      const s = await a.newUser('rc');
      expectOk(await infoOnB(s)); // B now keeps the session
      expectOk(await infoOnB(s));
      expectOk(await a.call('/user/logout', {}, { token: s.token }));
      expect((await infoOnB(s)).http).toBe(401);
      expect((await a.call('/user/getUserinfo', {}, { token: s.token })).http).toBe(401);
    });

    it('a password change in A ends the other sessions in B; the changing one goes on', async () => {
      const s = await a.newUser('rc');
      const other = await login(s);
      expectOk(await onB('/user/getUserinfo', {}, other));
      expectOk(await infoOnB(s));
      expectOk(
        await a.call(
          '/user/changePassword',
          { old_pass: s.password, new_pass: 'other-pass-2', new_passs: 'other-pass-2' },
          { token: s.token },
        ),
      );
      expect((await onB('/user/getUserinfo', {}, other)).http).toBe(401);
      expectOk(await infoOnB(s));
    });

    it('a device signed out in A is signed out in B', async () => {
      const s = await a.newUser('rc');
      const phone = await login(s);
      expectOk(await onB('/user/getUserinfo', {}, phone));
      const list = expectOk(await a.call('/user/sessions', {}, { token: s.token })) as {
        id: string;
        current: boolean;
      }[];
      const phoneSession = list.find((x) => !x.current);
      expect(phoneSession).toBeDefined();
      expectOk(await a.call('/user/sessionRevoke', { id: phoneSession!.id }, { token: s.token }));
      expect((await onB('/user/getUserinfo', {}, phone)).http).toBe(401);
      expectOk(await infoOnB(s));
    });

    it("an operator's freeze or restriction in A holds in B at once", async () => {
      const frozen = await a.newUser('rc');
      const restricted = await trader(a, { jpy: '10000000' });
      expectOk(await infoOnB(frozen));
      expect(expectOk(await infoOnB(restricted)).state).toBe('active');
      await setState(frozen, 'frozen');
      await setState(restricted, 'restricted');
      expect((await infoOnB(frozen)).http).toBe(401);
      expect(expectOk(await infoOnB(restricted)).state).toBe('restricted');
      // the order path reads the state from the session B keeps
      expectRefusal(
        await onB(
          '/trade/buy_stock',
          { type: 'jpy', symbol: '7203', zhang: '100', ganggan: '2', buyzd: 1, gdlx: 1 },
          restricted.token,
        ),
        'account.restricted',
      );
      await setState(restricted, 'active');
      expect(expectOk(await infoOnB(restricted)).state).toBe('active');
    });

    it('a fund password set in A lets the session B keeps trade', async () => {
      const s = await a.newUser('rc');
      await fund(a, s, 'jpy', '10000000');
      await openMarginAccount(a, s);
      const order = { type: 'jpy', symbol: '7203', zhang: '100', ganggan: '2', buyzd: 1, gdlx: 1 };
      expectRefusal(await onB('/trade/buy_stock', order, s.token), 'account.fundPasswordNotSet');
      expectOk(
        await a.call('/user/setPasswords', { new_pass: '112233', new_passs: '112233' }, { token: s.token }),
      );
      expect(expectOk(await infoOnB(s)).has_fund_password).toBe(true);
      expectOk(await onB('/trade/buy_stock', order, s.token));
    });

    it('balances and positions written through A are what B reads right after the reply', async () => {
      const s = await trader(a, { jpy: '10000000' });
      const before = expectOk(await infoOnB(s));
      expect(positions(expectOk(await onB('/trade/userstocklist', { type: 'jpy' }, s.token)))).toHaveLength(
        0,
      );
      expectOk(
        await a.money(
          '/trade/buy_stock',
          { type: 'jpy', symbol: '7203', zhang: '100', ganggan: '2', buyzd: 1, gdlx: 1 },
          s,
        ),
      );
      const after = expectOk(await infoOnB(s));
      expect(after.jpy).not.toBe(before.jpy);
      expect(after.frozen).not.toBe('0.00');
      const mine = expectOk(await a.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
      expect(after).toEqual(mine);
      const held = positions(expectOk(await onB('/trade/userstocklist', { type: 'jpy' }, s.token)));
      expect(held).toHaveLength(1);
      // then closed through B: A reads the cash back
      const id = held[0].id;
      expectOk(await onB('/trade/sell_stock', { id, type: 'jpy' }, s.token));
      expect(
        positions(expectOk(await a.call('/trade/userstocklist', { type: 'jpy' }, { token: s.token }))),
      ).toHaveLength(0);
      expect(expectOk(await a.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }))).toEqual(
        expectOk(await infoOnB(s)),
      );
    });

    it('lists of calls served together hold each user’s own rows', async () => {
      const users = [await trader(a, { jpy: '10000000' }), await trader(a, { jpy: '10000000' })];
      const symbols = ['7203', '6758'];
      for (const [i, s] of users.entries())
        expectOk(
          await a.money(
            '/trade/buy_stock',
            { type: 'jpy', symbol: symbols[i], zhang: '100', ganggan: '2', buyzd: 1, gdlx: 1 },
            s,
          ),
        );
      const lists = await Promise.all(
        [...users, ...users].map((s) => onB('/trade/userstocklist', { type: 'jpy' }, s.token)),
      );
      const infos = await Promise.all([...users, ...users].map((s) => infoOnB(s)));
      for (const [i, r] of lists.entries()) {
        const rows = positions(expectOk(r)) as unknown as { stock_code: string }[];
        expect(rows.map((p) => p.stock_code)).toEqual([symbols[i % 2]]);
      }
      for (const [i, r] of infos.entries()) expect(expectOk(r).account).toBe(users[i % 2].account);
      expect(expectOk(infos[0]).frozen).toBe(expectOk(infos[2]).frozen);
    });

    it('keeps a session in memory for a minute at most without a change on the bus', async () => {
      const s = await a.newUser('rc');
      expectOk(await infoOnB(s));
      // revoked behind the application's back (no change on the bus): B still serves it from memory...
      await a.db
        .updateTable('session')
        .set({ revoked_at: new Date(a.clock.now()) })
        .where('user_id', '=', await userIdOf(a, s))
        .execute();
      expectOk(await infoOnB(s));
      // ...for a minute at most: then it reads the database again
      a.clock.advance(61_000);
      expect((await infoOnB(s)).http).toBe(401);
    });
  });
}

for (const kind of API_DB_KINDS) {
  twoProcesses(`two processes on one in-process bus (${kind})`, async () => {
    const bus: UserChanges = localUserChanges();
    const a = await createTestApp(kind, {}, { userChanges: bus });
    const b = await buildApp({
      db: a.db,
      clock: a.clock,
      timers: a.clock,
      env: a.env,
      userChanges: bus,
      webDist: null,
      adminDist: null,
      onReplyMismatch: recordReplyMismatch,
    });
    await b.ready();
    return {
      a,
      b,
      done: async () => {
        await b.close();
        await a.close();
        await bus.close();
      },
    };
  });
}

describe.skipIf(!PG || !REDIS)('over Redis', () => {
  twoProcesses('two processes on PostgreSQL and Redis', async () => {
    const channel = `kabuto:test:users:${randomBytes(6).toString('hex')}`;
    const redisA = new Redis(REDIS!);
    const redisB = new Redis(REDIS!);
    const a = await createTestApp('postgres', {}, { redis: redisA, userChangesChannel: channel });
    const b = await buildApp({
      db: a.db,
      clock: a.clock,
      timers: a.clock,
      env: a.env,
      redis: redisB,
      userChangesChannel: channel,
      tickChannel: `${channel}:ticks`,
      webDist: null,
      adminDist: null,
      onReplyMismatch: recordReplyMismatch,
    });
    await b.ready();
    return {
      a,
      b,
      done: async () => {
        await b.close();
        await a.close();
        await redisA.quit();
        await redisB.quit();
      },
    };
  });
});
