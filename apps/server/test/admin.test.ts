import { API_DB_KINDS } from '@kabuto/db/testing';
import { checkInvariants } from '@kabuto/ledger';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, readyUser, T0, type TestApp } from './support/app.ts';

describe.each(API_DB_KINDS)('back office on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let reviewer: string;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminLogin();
    expectOk(
      await t.admin(
        '/operators/save',
        { username: 'rev1', role: 'reviewer', password: 'reviewer-pass-1', reason: '採用' },
        admin,
      ),
    );
    expectOk(
      await t.admin(
        '/operators/save',
        { username: 'ops1', role: 'operator', password: 'operator-pass-1', reason: '採用' },
        admin,
      ),
    );
    reviewer = await t.adminLogin('rev1', 'reviewer-pass-1');
    operator = await t.adminLogin('ops1', 'operator-pass-1');
  });
  afterEach(async () => {
    t.clock.set(T0);
    expect((await checkInvariants(t.db)).violations).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const auditRows = (action: string) =>
    t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

  describe('operator sessions', () => {
    it('logs in with argon2id, holds back a source after 5 wrong passwords for 15 minutes', async () => {
      const r = await t.admin('/auth/login', {
        username: t.env.DEMO_ADMIN,
        password: t.env.DEMO_ADMIN_PASSWORD,
      });
      expect(expectOk(r)).toMatchObject({ username: 'admin', role: 'admin' });
      const hash = await t.db
        .selectFrom('operator')
        .select('password_hash')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(hash.password_hash).toMatch(/^\$argon2id\$/);
      expect(expectOk(await t.admin('/auth/me', {}, reviewer))).toEqual({
        username: 'rev1',
        role: 'reviewer',
      });

      expectOk(
        await t.admin(
          '/operators/save',
          { username: 'lockme', role: 'reviewer', password: 'lock-me-pass-1', reason: 't' },
          admin,
        ),
      );
      for (let i = 0; i < 5; i++) {
        expectRefusal(
          await t.admin('/auth/login', { username: 'lockme', password: 'nope-nope-1' }),
          'auth.wrongCredentials',
        );
      }
      // held back: the right password answers like a wrong one (no `auth.locked` oracle)
      expectRefusal(
        await t.admin('/auth/login', { username: 'lockme', password: 'lock-me-pass-1' }),
        'auth.wrongCredentials',
      );
      t.clock.advance(15 * 60_000 + 1);
      expectOk(await t.admin('/auth/login', { username: 'lockme', password: 'lock-me-pass-1' }));
      expectRefusal(
        await t.admin('/auth/login', { username: 'nobody', password: 'whatever-1' }),
        'auth.wrongCredentials',
      );
    });

    it('answers 401 without a valid operator token, and after logout', async () => {
      expect((await t.admin('/queues/counts', {})).http).toBe(401);
      expect((await t.admin('/queues/counts', {}, 'x'.repeat(43))).http).toBe(401);
      // a user's token is not an operator's
      const user = await t.newUser();
      expect((await t.admin('/queues/counts', {}, user.token)).http).toBe(401);
      const tok = await t.adminLogin('rev1', 'reviewer-pass-1');
      expectOk(await t.admin('/auth/logout', {}, tok));
      expect((await t.admin('/auth/me', {}, tok)).http).toBe(401);
      // sessions expire 12 hours after the last call
      const tok2 = await t.adminLogin('rev1', 'reviewer-pass-1');
      t.clock.advance(12 * 3_600_000 + 1);
      expect((await t.admin('/auth/me', {}, tok2)).http).toBe(401);
    });
  });

  describe('roles', () => {
    it('reviewers work the queues only; operators also users and audit; admins everything', async () => {
      const probe: [string, Record<string, unknown>][] = [
        ['/queues/counts', {}],
        ['/kyc/list', {}],
        ['/deposits/list', {}],
        ['/withdrawals/list', {}],
        ['/loans/list', {}],
        ['/channels/list', {}],
        ['/users/list', {}],
        ['/audit/list', {}],
        ['/ledger/reconcile', {}],
        ['/config/list', {}],
        ['/operators/list', {}],
      ];
      const allowed = async (token: string) => {
        const out: string[] = [];
        for (const [path, body] of probe) {
          const r = await t.admin(path, body, token);
          if (r.body.status === 1) out.push(path);
          else expect(r.body.code, path).toBe('admin.forbidden');
        }
        return out;
      };
      expect(await allowed(reviewer)).toEqual([
        '/queues/counts',
        '/kyc/list',
        '/deposits/list',
        '/withdrawals/list',
        '/loans/list',
        '/channels/list',
      ]);
      expect(await allowed(operator)).toEqual([
        '/queues/counts',
        '/kyc/list',
        '/deposits/list',
        '/withdrawals/list',
        '/loans/list',
        '/channels/list',
        '/users/list',
        '/audit/list',
        '/ledger/reconcile',
      ]);
      expect(await allowed(admin)).toHaveLength(probe.length);
      expectRefusal(
        await t.admin('/config/set', { name: 'title', value: 'X', reason: 'r' }, operator),
        'admin.forbidden',
      );
      expectRefusal(
        await t.admin('/users/state', { id: '1', state: 'frozen', reason: 'r' }, reviewer),
        'admin.forbidden',
      );
      expectRefusal(
        await t.admin(
          '/operators/save',
          { username: 'evil', role: 'admin', password: 'evil-evil-1', reason: 'r' },
          operator,
        ),
        'admin.forbidden',
      );
    });
  });

  describe('queues', () => {
    it('counts what waits and refuses deciding twice; every decision is audited', async () => {
      const before = expectOk(await t.admin('/queues/counts', {}, reviewer));
      expect(Object.keys(before).sort()).toEqual([
        'daytrades',
        'deposits',
        'kyc',
        'loans',
        'margin',
        'support',
        'withdrawals',
      ]);
      const s = await readyUser(t, { realname: '上田 舞', fund: '100000', opToken: admin });
      const w = expectOk(
        await t.money('/user/withdrawal', { money: '5000', bankid: s.cardId, passwords: '112233' }, s),
      );
      const after = expectOk(await t.admin('/queues/counts', {}, reviewer));
      expect(after.withdrawals).toBe(before.withdrawals + 1);
      expectOk(await t.admin('/withdrawals/decide', { id: w.id, approve: true }, reviewer));
      expectRefusal(
        await t.admin('/withdrawals/decide', { id: w.id, approve: false, reason: 'x' }, reviewer),
        'review.alreadyDecided',
      );
      expectRefusal(
        await t.admin('/withdrawals/decide', { id: '987654', approve: true }, reviewer),
        'review.notFound',
      );
      const [row] = await auditRows('withdrawal.approve');
      expect(row).toMatchObject({ operator_name: 'rev1', target: `withdrawal:${w.id}` });
      expect(row.detail).toMatchObject({ amount: '5000.0000', currency: 'jpy' });
      const list = expectOk(await t.admin('/withdrawals/list', { status: 'approved' }, reviewer));
      expect(list.list.find((x: { id: string }) => x.id === w.id)).toMatchObject({
        status: 'approved',
        decided_by: 'rev1',
      });
      expectRefusal(await t.admin('/withdrawals/list', { status: 'weird' }, reviewer), 'validation.invalid');
      expectRefusal(
        await t.admin('/withdrawals/decide', { id: w.id, approve: 'yes' }, reviewer),
        'validation.invalid',
      );
    });
  });

  describe('users', () => {
    it('searches by account, invite code and real name; shows wallets, ledger history, cards, KYC and loans', async () => {
      const s = await readyUser(t, { realname: '北村 俊介', fund: '70000', opToken: admin });
      for (const q of [s.account, '北村', '俊介']) {
        const r = expectOk(await t.admin('/users/list', { q }, operator));
        expect(
          r.list.map((x: { account: string }) => x.account),
          q,
        ).toContain(s.account);
      }
      const hit = expectOk(await t.admin('/users/list', { q: s.account }, operator)).list[0];
      expect(hit).toMatchObject({
        realname: '北村 俊介',
        is_true: 1,
        state: 'active',
        jpy: '70000.0000',
        inviter: t.env.DEMO_ACCOUNT,
      });
      expect(expectOk(await t.admin('/users/list', { q: '%' }, operator)).total).toBe(0);
      const d = expectOk(await t.admin('/users/detail', { id: hit.id }, operator));
      expect(d.wallets.find((w: { currency: string }) => w.currency === 'jpy')).toMatchObject({
        available: '70000.0000',
        frozen: '0.0000',
      });
      expect(d.wallets).toHaveLength(9);
      expect(d.ledger[0]).toMatchObject({
        code: 'deposit',
        amount: '70000.0000',
        direction: 'in',
        debit: 'platform:bank',
        credit: 'user:cash',
      });
      expect(d.cards[0]).toMatchObject({ holder: '北村 俊介', bank: '三菱UFJ銀行' });
      expect(d.kyc[0]).toMatchObject({ status: 'approved', realname: '北村 俊介' });
      expect((await t.app.inject({ method: 'GET', url: d.kyc[0].front_url })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: d.deposits[0].proof_url })).statusCode).toBe(200);
      expect(d.credit).toMatchObject({ score: 60 });
      expect(d.deposits[0]).toMatchObject({ amount: '70000.0000', status: 'approved' });
      expect(d.records[0]).toMatchObject({ type: 'deposit', balance: '70000.0000' });
      expectRefusal(await t.admin('/users/detail', { id: '99999999' }, operator), 'account.notFound');
    });

    it('sets state with a reason: frozen and banned end sessions at once; restricted stays logged in', async () => {
      const s = await t.newUser();
      const id = (
        await t.db
          .selectFrom('app_user')
          .select('id')
          .where('account', '=', s.account)
          .executeTakeFirstOrThrow()
      ).id;
      expectRefusal(
        await t.admin('/users/state', { id: String(id), state: 'frozen' }, operator),
        'validation.required',
      );
      expectOk(
        await t.admin('/users/state', { id: String(id), state: 'restricted', reason: '取引制限' }, operator),
      );
      expect(expectOk(await t.call('/user/getUserinfo', {}, { token: s.token })).state).toBe('restricted');
      expectOk(
        await t.admin('/users/state', { id: String(id), state: 'frozen', reason: '不正の疑い' }, operator),
      );
      expect((await t.call('/user/getUserinfo', {}, { token: s.token })).http).toBe(401);
      expectRefusal(
        await t.call('/user/login', { account: s.account, password: s.password }),
        'account.frozen',
      );
      expectOk(await t.admin('/users/state', { id: String(id), state: 'active', reason: '解除' }, operator));
      expectOk(await t.call('/user/login', { account: s.account, password: s.password }));
      const rows = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target', '=', `user:${s.account}`)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.action, r.reason, r.operator_name])).toEqual([
        ['user.state', '取引制限', 'ops1'],
        ['user.state', '不正の疑い', 'ops1'],
        ['user.state', '解除', 'ops1'],
      ]);
    });

    it('sets credit score and loan limits, and sends site messages', async () => {
      const s = await t.newUser();
      const id = (
        await t.db
          .selectFrom('app_user')
          .select('id')
          .where('account', '=', s.account)
          .executeTakeFirstOrThrow()
      ).id;
      expectOk(
        await t.admin(
          '/users/credit',
          { id: String(id), score: 90, currency: 'usd', limit: '5000', reason: '優良' },
          operator,
        ),
      );
      expect(expectOk(await t.call('/user/getUserinfo', {}, { token: s.token }))).toMatchObject({
        xyf: 90,
        usdkjed: '5000.0000',
        jpykjed: '0.0000',
      });
      expectRefusal(
        await t.admin(
          '/users/credit',
          { id: String(id), score: 1001, currency: 'usd', reason: 'x' },
          operator,
        ),
        'validation.invalid',
      );
      expectRefusal(
        await t.admin('/users/credit', { id: '99999999', score: 1, currency: 'usd', reason: 'x' }, operator),
        'account.notFound',
      );
      expectOk(
        await t.admin(
          '/users/message',
          { id: String(id), title: 'お知らせ', content: '書類をご確認ください' },
          operator,
        ),
      );
      const n = expectOk(await t.call('/user/notice', { lang: 'cn' }, { token: s.token }))[0];
      expect(n.title).toBe('お知らせ');
      expect((await auditRows('user.credit'))[0].detail).toMatchObject({
        after: { score: 90, currency: 'usd', limit: '5000.0000' },
      });
    });
  });

  describe('config, channels, operators', () => {
    it('lists every setting and changes one within its schema; the channel password is audited without its value', async () => {
      const list = expectOk(await t.admin('/config/list', {}, admin));
      const byName = Object.fromEntries(list.map((c: { name: string }) => [c.name, c]));
      expect(byName.channel_password).toMatchObject({ public: false });
      expect(JSON.parse(byName.withdraw_window.value)).toEqual({ from: '09:00', to: '15:00' });
      expectRefusal(
        await t.admin('/config/set', { name: 'nope', value: '1', reason: 'r' }, admin),
        'admin.unknownSetting',
      );
      expectRefusal(
        await t.admin('/config/set', { name: 'fx_spread', value: 'abc', reason: 'r' }, admin),
        'admin.invalidSetting',
      );
      expectRefusal(
        await t.admin(
          '/config/set',
          { name: 'withdraw_window', value: '{"from":"9:00","to":"15:00"}', reason: 'r' },
          admin,
        ),
        'admin.invalidSetting',
      );
      // no leverage above a market's legal cap (JP 3.3×): refused with its own key, nothing written
      const over = await t.admin(
        '/config/set',
        {
          name: 'trading_leverage',
          value: '{"jpy":[1,2,3,5],"usd":[1,2],"cny":[1],"krw":[1,2]}',
          reason: 'r',
        },
        admin,
      );
      expectRefusal(over, 'admin.leverageAboveLegalCap');
      expect(over.body.params).toEqual({ market: 'JPY', cap: '3.3' });
      expectRefusal(
        await t.admin('/config/set', { name: 'day_trade_leverage_cap', value: '5', reason: 'r' }, admin),
        'admin.leverageAboveLegalCap',
      );
      expect(
        await t.db.selectFrom('config').select('name').where('name', '=', 'trading_leverage').execute(),
      ).toEqual([]);
      expectOk(
        await t.admin('/config/set', { name: 'fx_spread', value: '0.50', reason: 'スプレッド変更' }, admin),
      );
      const s = await t.newUser();
      expect(
        expectOk(await t.call('/user/rotation_rate', { from: 'usd', to: 'jpy' }, { token: s.token })).spread,
      ).toBe('0.50');
      expectOk(await t.admin('/config/set', { name: 'fx_spread', value: '0.30', reason: '戻す' }, admin));
      expectOk(
        await t.admin(
          '/config/set',
          { name: 'channel_password', value: 'new-secret-9', reason: '定期変更' },
          admin,
        ),
      );
      const [row] = await auditRows('config.set');
      expect(row.target).toBe('config:channel_password');
      expect(JSON.stringify(row.detail)).not.toContain('new-secret-9');
      expectOk(
        await t.admin(
          '/config/set',
          { name: 'channel_password', value: t.env.DEMO_CHANNEL_PASSWORD, reason: '戻す' },
          admin,
        ),
      );
      const cfg = expectOk(await t.call('/common/config', { type: 'all' }));
      expect(cfg.find((c: { name: string }) => c.name === 'fx_spread').value).toBe('0.30');
    });

    it('creates and edits deposit channels', async () => {
      const body = {
        currency: 'usd',
        name: 'USD quick',
        account_name: 'Kabuto',
        account_number: '1234',
        bank: 'Bank',
        branch: 'Main',
        open_from: '00:00',
        open_to: '23:59',
        enabled: true,
        quick: true,
        reason: '追加',
      };
      const created = expectOk(await t.admin('/channels/save', body, admin));
      const s = await t.newUser();
      const chans = expectOk(await t.call('/common/recharge_channel', { type: 'usd' }, { token: s.token }));
      expect(chans.map((c: { id: string }) => c.id)).toContain(created.id);
      expectOk(
        await t.admin('/channels/save', { ...body, id: created.id, enabled: false, reason: '停止' }, admin),
      );
      const after = expectOk(await t.call('/common/recharge_channel', { type: 'usd' }, { token: s.token }));
      expect(after.map((c: { id: string }) => c.id)).not.toContain(created.id);
      expectRefusal(
        await t.admin('/channels/save', { ...body, open_to: '24:00' }, admin),
        'validation.invalid',
      );
      expectRefusal(
        await t.admin('/channels/save', { ...body, id: '99999', reason: 'x' }, admin),
        'deposit.channelNotFound',
      );
      expect((await auditRows('channel.update'))[0].reason).toBe('停止');
    });

    it('manages operators: unique names, no self-demotion, a new password ends their sessions', async () => {
      expectRefusal(
        await t.admin(
          '/operators/save',
          { username: 'rev1', role: 'reviewer', password: 'another-pass-1', reason: 'x' },
          admin,
        ),
        'admin.operatorExists',
      );
      expectRefusal(
        await t.admin('/operators/save', { username: 'newbie', role: 'reviewer', reason: 'x' }, admin),
        'admin.passwordRequired',
      );
      expectRefusal(
        await t.admin(
          '/operators/save',
          { username: 'newbie', role: 'reviewer', password: 'short', reason: 'x' },
          admin,
        ),
        'admin.passwordRequired',
      );
      expectRefusal(
        await t.admin(
          '/operators/save',
          { username: 'bad name', role: 'reviewer', password: 'long-enough-1', reason: 'x' },
          admin,
        ),
        'validation.invalid',
      );
      const ops = expectOk(await t.admin('/operators/list', {}, admin));
      const me = ops.find((o: { username: string }) => o.username === 'admin');
      expectRefusal(
        await t.admin(
          '/operators/save',
          { id: me.id, username: 'admin', role: 'reviewer', reason: 'x' },
          admin,
        ),
        'admin.selfChange',
      );
      expectRefusal(
        await t.admin(
          '/operators/save',
          { id: me.id, username: 'admin', role: 'admin', disabled: true, reason: 'x' },
          admin,
        ),
        'admin.selfChange',
      );
      const tmp = expectOk(
        await t.admin(
          '/operators/save',
          { username: 'tmp1', role: 'operator', password: 'tmp-pass-1234', reason: 'x' },
          admin,
        ),
      );
      const tok = await t.adminLogin('tmp1', 'tmp-pass-1234');
      expectOk(
        await t.admin(
          '/operators/save',
          { id: tmp.id, username: 'tmp1', role: 'operator', password: 'tmp-pass-5678', reason: 'x' },
          admin,
        ),
      );
      expect((await t.admin('/auth/me', {}, tok)).http).toBe(401);
      expectOk(
        await t.admin(
          '/operators/save',
          { id: tmp.id, username: 'tmp1', role: 'operator', disabled: true, reason: 'x' },
          admin,
        ),
      );
      expectRefusal(
        await t.admin('/auth/login', { username: 'tmp1', password: 'tmp-pass-5678' }),
        'admin.disabled',
      );
      const audit = await auditRows('operator.update');
      expect(JSON.stringify(audit.map((a) => a.detail))).not.toContain('tmp-pass');
    });
  });

  describe('audit log and reconciliation', () => {
    it('lists the audit log newest first and refuses any UPDATE or DELETE', async () => {
      const page = expectOk(await t.admin('/audit/list', { q: 'config' }, operator));
      expect(page.total).toBeGreaterThan(0);
      expect(page.list[0]).toMatchObject({ action: 'config.set', operator: 'admin' });
      const ids = page.list.map((r: { id: string }) => Number(r.id));
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      await expect(sql`update audit_log set reason = 'edited'`.execute(t.db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
      await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
      await expect(
        t.db.updateTable('audit_log').set({ reason: 'x' }).where('id', '=', 1n).execute(),
      ).rejects.toThrow();
    });

    it('reconciles the ledger with the business rows', async () => {
      const r = expectOk(await t.admin('/ledger/reconcile', {}, operator));
      expect(r.ok).toBe(true);
      expect(r.checks.map((c: { name: string }) => c.name)).toEqual([
        'debits_equal_credits',
        'no_negative_or_overdrawn',
        'pending_resolved_once',
        'balances_equal_transfers',
        'cash_whole_minor_units',
        'fund_records_match_cash',
        'withdrawals_match_reservations',
      ]);
      for (const c of r.checks) expect(c.ok, c.detail).toBe(true);
      expect((await auditRows('ledger.reconcile'))[0].operator_name).toBe('ops1');
    });
  });
});
