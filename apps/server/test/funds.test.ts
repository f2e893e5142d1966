import { API_DB_KINDS } from '@kabuto/db/testing';
import { CURRENCIES, formatUnits } from '@kabuto/domain';
import { checkInvariants, transfersByRef, userBalance } from '@kabuto/ledger';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { quotedRate } from '../src/modules/funds/record-words.ts';
import { saveSetting } from '../src/shared/settings.ts';
import {
  createTestApp,
  expectOk,
  expectRefusal,
  readyUser,
  type Session,
  T0,
  type TestApp,
  uploadImage,
  verifyUser,
} from './support/app.ts';
import { u } from './support/units.ts';

const at = (iso: string) => Date.parse(iso);

describe.each(API_DB_KINDS)('wallets, bank cards, deposits, withdrawals, exchange, records on %s', (kind) => {
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

  const info = async (s: Session, type = 'jpy') =>
    expectOk(await t.call('/user/getUserinfo', { type }, { token: s.token }));
  const userId = async (s: Session) =>
    (
      await t.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', s.account)
        .executeTakeFirstOrThrow()
    ).id;

  describe('the demo user', () => {
    it('is verified, has a bank card in their name and ¥10,000,000 from an approved deposit in the ledger', async () => {
      const d = await t.demo();
      const me = await info(d);
      expect(me).toMatchObject({
        is_true: 1,
        realname: '佐藤 健一',
        has_fund_password: true,
        jpy: '10000000.0000',
        usd: '0.0000',
        frozen: '0.0000',
        total_assets: '10000000.0000',
        jpykjed: '1000000.0000',
        jpyyjed: '0.0000',
        xyf: 80,
      });
      const cards = expectOk(await t.call('/user/cardList', {}, { token: d.token }));
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({ realname: '佐藤 健一', bank_num: '***1547' });
      const deposits = expectOk(await t.call('/user/rechargelist', {}, { token: d.token }));
      expect(deposits).toMatchObject([{ money: '10000000.0000', status: 1, type: 'jpy' }]);
      const id = await userId(d);
      expect((await userBalance(t.db, id, 'jpy')).available).toBe(u('10000000'));
      const ref = await t.db
        .selectFrom('deposit')
        .select('id')
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(await transfersByRef(t.db, `deposit:${ref.id}`)).toHaveLength(1);
      const records = expectOk(await t.call('/user/capitalloglist', { page: 1 }, { token: d.token }));
      expect(records.list).toMatchObject([
        { kind: 'deposit', money: '10000000.0000', balance: '10000000.0000' },
      ]);
    });
  });

  describe('bank cards', () => {
    const card = (over: Record<string, unknown> = {}) => ({
      realname: '鈴木 一郎',
      bank_num: '1234567',
      bank_name: 'りそな銀行',
      bank_address: '池袋支店',
      bank_code: '456',
      account_type: 'ordinary',
      ...over,
    });

    it('needs a verified identity and a holder of that name; lists masked numbers', async () => {
      const s = await t.newUser();
      expectRefusal(await t.call('/user/addCard', card(), { token: s.token }), 'kyc.required');
      await verifyUser(t, s, '鈴木 一郎', op);
      expectRefusal(
        await t.call('/user/addCard', card({ realname: '鈴木 二郎' }), { token: s.token }),
        'bank.holderMismatch',
      );
      // the same name in full-width space and half-width forms is the same name
      const r = await t.call('/user/addCard', card({ realname: '鈴木　一郎' }), { token: s.token });
      expect(r.body.code).toBe('ok.added');
      expectRefusal(
        await t.call('/user/addCard', card({ bank_num: '1234-567' }), { token: s.token }),
        'bank.exists',
      );
      expectRefusal(
        await t.call('/user/addCard', card({ bank_num: '12a4567' }), { token: s.token }),
        'bank.numberFormat',
      );
      expectRefusal(
        await t.call('/user/addCard', card({ account_type: 'checking' }), { token: s.token }),
        'validation.invalid',
      );
      expectOk(
        await t.call('/user/addCard', card({ bank_num: '7654321', account_type: 'savings' }), {
          token: s.token,
        }),
      );
      const list = expectOk(await t.call('/user/cardList', {}, { token: s.token }));
      expect(list.map((c: { bank_num: string }) => c.bank_num)).toEqual(['***4567', '***4321']);
      expect(list[1].account_type).toBe('savings');
      expect(JSON.stringify(list)).not.toContain('1234567');
    });

    it('edits and removes only the user’s own cards', async () => {
      const a = await readyUser(t, { realname: '中村 陽子', opToken: op });
      const b = await readyUser(t, { realname: '小林 大輔', opToken: op });
      const edit = (s: Session, id: string, over: Record<string, unknown> = {}) =>
        t.call(
          '/user/editCard',
          { bankid: id, ...card({ realname: '中村 陽子', ...over }) },
          { token: s.token },
        );
      expectRefusal(await edit(b, a.cardId, { realname: '小林 大輔' }), 'bank.notFound');
      expectRefusal(
        await t.call('/user/delbakcard', { bankid: a.cardId }, { token: b.token }),
        'bank.notFound',
      );
      expectRefusal(await edit(a, '999999'), 'bank.notFound');
      const r = await edit(a, a.cardId, { bank_address: '銀座支店' });
      expect(r.body.code).toBe('ok.changed');
      expect(expectOk(await t.call('/user/cardList', {}, { token: a.token }))[0].bank_address).toBe(
        '銀座支店',
      );
      const del = await t.call('/user/delbakcard', { bankid: a.cardId }, { token: a.token });
      expect(del.body.code).toBe('ok.unbound');
      expect(expectOk(await t.call('/user/cardList', {}, { token: a.token }))).toEqual([]);
      expectRefusal(
        await t.call('/user/delbakcard', { bankid: a.cardId }, { token: a.token }),
        'bank.notFound',
      );
      // b's card is untouched
      expect(expectOk(await t.call('/user/cardList', {}, { token: b.token }))).toHaveLength(1);
    });
  });

  describe('deposits', () => {
    const pw = () => t.env.DEMO_CHANNEL_PASSWORD;

    it('lists channels per wallet with the receiving account, window, limits and whether open now', async () => {
      const s = await t.newUser();
      const jpy = expectOk(await t.call('/common/recharge_channel', { type: 'jpy' }, { token: s.token }));
      expect(jpy).toHaveLength(2);
      expect(jpy[0]).toMatchObject({
        open_from: '09:00',
        open_to: '17:00',
        quick: false,
        open: true,
        min: '1000.0000',
        max: '500000.0000',
      });
      expect(jpy[1]).toMatchObject({ open_from: '00:00', open_to: '23:59', quick: true, open: true });
      expect(jpy[0].account_number).toBeTruthy();
      const krw = expectOk(await t.call('/common/recharge_channel', { type: 'krw' }, { token: s.token }));
      expect(krw[0].max).toBe('10000000000.0000');
      t.clock.set(at('2026-11-24T18:30:00+09:00'));
      const evening = expectOk(await t.call('/common/recharge_channel', {}, { token: s.token }));
      expect(evening.map((c: { open: boolean }) => c.open)).toEqual([false, true]);
      // the channel password is never sent; windows and limits are
      const config = expectOk(await t.call('/common/config', { type: 'all' }));
      const byName = Object.fromEntries(
        config.map((c: { name: string; value: string }) => [c.name, c.value]),
      );
      expect(JSON.parse(byName.withdraw_window)).toEqual({ from: '09:00', to: '15:00' });
      expect(JSON.parse(byName.withdraw_limits).jpy).toEqual({ min: '100', max: '5000000' });
      expect(JSON.parse(byName.deposit_limits).jpy).toEqual({ min: '1000', max: '500000' });
      expect(byName.fx_spread).toBe('0.30');
      expect(byName.loan_annual_rate).toBe('8.00');
      expect(JSON.stringify(config)).not.toContain(pw());
      expect(config.map((c: { name: string }) => c.name)).not.toContain('channel_password');
      expect(await t.call('/common/recharge_channel', { type: 'jpy' })).toMatchObject({ http: 401 });
    });

    it('pre-checks every rule without writing anything', async () => {
      const s = await readyUser(t, { realname: '加藤 恵', opToken: op });
      const check = (body: Record<string, unknown>) =>
        t.call(
          '/user/ischongzhi',
          { money: '50000', type: 'jpy', rpassword: pw(), ...body },
          { token: s.token },
        );
      expect(expectOk(await check({}))).toEqual({
        money: '50000.0000',
        type: 'jpy',
        min: '1000.0000',
        max: '500000.0000',
      });
      const low = await check({ money: '999' });
      expectRefusal(low, 'deposit.belowMinimum');
      expect(low.body.params).toEqual({ min: '1000' });
      const high = await check({ money: '500001' });
      expectRefusal(high, 'deposit.aboveMaximum');
      expect(high.body.params).toEqual({ max: '500000' });
      expectRefusal(await check({ money: '1000.5' }), 'money.minorUnit');
      expectRefusal(await check({ rpassword: 'wrong-1' }), 'deposit.wrongChannelPassword');
      expectRefusal(await check({ channel: '999999' }), 'deposit.channelNotFound');
      const unverified = await t.newUser();
      expectRefusal(
        await t.call('/user/ischongzhi', { money: '50000', rpassword: pw() }, { token: unverified.token }),
        'kyc.required',
      );
      expect(
        await t.db
          .selectFrom('deposit')
          .select('id')
          .where('user_id', '=', await userId(s))
          .execute(),
      ).toEqual([]);
    });

    it('is open 09:00–17:00 JST on business days; the quick top-up every day round the clock', async () => {
      const s = await readyUser(t, { realname: '山本 拓也', opToken: op });
      const [regular, quick] = expectOk(await t.call('/common/recharge_channel', {}, { token: s.token }));
      // sessions last a week: log in again at each moment
      const login = async () =>
        expectOk(await t.call('/user/login', { account: s.account, password: s.password })).token as string;
      const check = async (channel: string) =>
        t.call('/user/ischongzhi', { money: '5000', rpassword: pw(), channel }, { token: await login() });
      for (const when of [
        '2026-11-24T17:01:00+09:00', // Tuesday evening
        '2026-11-24T08:59:00+09:00', // before opening
        '2026-11-28T10:00:00+09:00', // Saturday
        '2026-11-23T10:00:00+09:00', // Labour Thanksgiving Day (Monday)
        '2026-12-31T10:00:00+09:00', // banks' year-end
        '2027-01-04T08:00:00+09:00', // first business day, too early
      ]) {
        t.clock.set(at(when));
        const r = await check(regular.id);
        expectRefusal(r, 'deposit.outsideHours');
        expect(r.body.params).toEqual({ window: '09:00-17:00' });
        expectOk(await check(quick.id));
      }
      t.clock.set(at('2026-11-24T17:00:59+09:00'));
      expectOk(await check(regular.id));
      t.clock.set(at('2027-01-04T09:00:00+09:00'));
      expectOk(await check(regular.id));
      // without a channel: refused only when no channel is open
      t.clock.set(at('2026-11-28T10:00:00+09:00'));
      const token = await login();
      expectOk(await t.call('/user/ischongzhi', { money: '5000', rpassword: pw() }, { token }));
      expectRefusal(
        await t.call('/user/ischongzhi', { money: '5000', type: 'usd', rpassword: pw() }, { token }),
        'deposit.outsideHours',
      );
    });

    it('moves nothing until approved; then bank → cash, a fund record and a site message', async () => {
      const s = await readyUser(t, { realname: '吉田 真由美', opToken: op });
      const other = await t.newUser();
      const [channel] = expectOk(await t.call('/common/recharge_channel', {}, { token: s.token }));
      const proof = await uploadImage(t, s);
      const theirs = await uploadImage(t, other);
      const body = { money: '123456', type: 'jpy', rjpz: proof, channel: channel.id, rpassword: pw() };
      const { rjpz: _, ...noProof } = body;
      expectRefusal(await t.money('/user/chongzhi', noProof, s), 'deposit.proofRequired');
      expectRefusal(await t.money('/user/chongzhi', { ...body, rjpz: '' }, s), 'deposit.proofRequired');
      expectRefusal(await t.money('/user/chongzhi', { ...body, rjpz: theirs }, s), 'upload.notFound');
      expectRefusal(await t.money('/user/chongzhi', { ...body, type: 'usd' }, s), 'deposit.channelNotFound');
      // Clients that send the channel password only to the pre-check: accepted within 30 minutes of a pass.
      const { rpassword: _pw, ...withoutPassword } = body;
      expectRefusal(await t.money('/user/chongzhi', withoutPassword, s), 'deposit.wrongChannelPassword');
      expectOk(await t.call('/user/ischongzhi', { money: '123456', rpassword: pw() }, { token: s.token }));
      t.clock.advance(31 * 60 * 1000);
      expectRefusal(await t.money('/user/chongzhi', withoutPassword, s), 'deposit.wrongChannelPassword');
      t.clock.advance(-31 * 60 * 1000);
      const r = await t.money('/user/chongzhi', withoutPassword, s);
      expect(r.body.code).toBe('ok.depositSubmitted');
      const dep = expectOk(r);
      expect(dep.order_number).toMatch(/^D20261124\d{10}$/);
      expectRefusal(await t.money('/user/chongzhi', { ...body, money: '2000' }, s), 'deposit.pending');
      expectRefusal(
        await t.call('/user/ischongzhi', { money: '2000', rpassword: pw() }, { token: s.token }),
        'deposit.pending',
      );
      expect((await info(s)).jpy).toBe('0.0000');
      expect(expectOk(await t.call('/user/rechargelist', { type: 'jpy' }, { token: s.token }))).toMatchObject(
        [{ id: dep.id, money: '123456.0000', status: 0, check_time: null }],
      );
      // another user sees none of it
      expect(expectOk(await t.call('/user/rechargelist', {}, { token: other.token }))).toEqual([]);

      const queue = expectOk(await t.admin('/deposits/list', { status: 'pending' }, op));
      const row = queue.list.find((d: { id: string }) => d.id === dep.id);
      expect(row).toMatchObject({ account: s.account, amount: '123456.0000', currency: 'jpy' });
      const img = await t.app.inject({ method: 'GET', url: row.proof_url });
      expect(img.statusCode).toBe(200);
      t.clock.advance(60_000);
      expectOk(await t.admin('/deposits/decide', { id: dep.id, approve: true }, op));
      expectRefusal(
        await t.admin('/deposits/decide', { id: dep.id, approve: true }, op),
        'review.alreadyDecided',
      );
      expect(await info(s)).toMatchObject({
        jpy: '123456.0000',
        total_assets: '123456.0000',
        frozen: '0.0000',
      });
      expect(expectOk(await t.call('/user/rechargelist', {}, { token: s.token }))[0]).toMatchObject({
        status: 1,
        check_time: Math.floor((T0 + 60_000) / 1000),
      });
      const records = expectOk(
        await t.call('/user/capitalloglist', { page: 1, kind: 'deposit' }, { token: s.token }),
      );
      expect(records.list).toMatchObject([
        { order_number: dep.order_number, money: '123456.0000', balance: '123456.0000' },
      ]);
      const notice = expectOk(await t.call('/user/notice', { lang: 'us' }, { token: s.token }))[0];
      expect(notice.title).toBe('Deposit credited');
      const transfers = await transfersByRef(t.db, `deposit:${dep.id}`);
      expect(transfers).toMatchObject([
        { type: 'single', code: 'deposit', amount: u('123456'), currency: 'jpy' },
      ]);

      // a second deposit, rejected with a reason: nothing moves, the user is told why
      const dep2 = expectOk(
        await t.money('/user/chongzhi', { ...body, money: '5000', rjpz: await uploadImage(t, s) }, s),
      );
      expectRefusal(
        await t.admin('/deposits/decide', { id: dep2.id, approve: false }, op),
        'admin.reasonRequired',
      );
      expectOk(
        await t.admin(
          '/deposits/decide',
          { id: dep2.id, approve: false, reason: '振込が確認できません' },
          op,
        ),
      );
      expect((await info(s)).jpy).toBe('123456.0000');
      expect(expectOk(await t.call('/user/rechargelist', {}, { token: s.token }))[0]).toMatchObject({
        status: 2,
        reason: '振込が確認できません',
      });
      const rejected = expectOk(await t.call('/user/notice', { lang: 'jp' }, { token: s.token }))[0];
      expect(rejected.title).toBe('入金申請が却下されました');
      expect(await transfersByRef(t.db, `deposit:${dep2.id}`)).toEqual([]);
    });

    it('takes the only open channel when none is named; a channel may need no password (the operator’s choice)', async () => {
      const s = await readyUser(t, { realname: '松本 翔', opToken: op });
      const rows = expectOk(await t.call('/common/recharge_channel', { type: 'jpy' }, { token: s.token }));
      // the family clients' names of the receiving account, beside ours
      for (const c of rows) {
        expect(c).toMatchObject({ bankname: c.bank, bankcard: c.account_number, needs_password: true });
      }
      const [regular, quick] = rows;
      const body = { money: '5000', type: 'jpy', rpassword: pw() };
      // the clock moves below: an operator signs in afresh at each moment
      const decideAll = async () => {
        const now = await t.adminLogin();
        for (const d of expectOk(await t.admin('/deposits/list', { status: 'pending' }, now)).list) {
          expectOk(await t.admin('/deposits/decide', { id: d.id, approve: true }, now));
        }
      };
      // Tuesday 10:00: both open, none named → the user has to choose
      expectRefusal(
        await t.money('/user/chongzhi', { ...body, rjpz: await uploadImage(t, s) }, s),
        'deposit.channelRequired',
      );
      // Saturday: only the quick top-up is open, so it is the one
      t.clock.set(at('2026-11-28T10:00:00+09:00'));
      const relogin = async () => {
        s.token = expectOk(await t.call('/user/login', { account: s.account, password: s.password })).token;
      };
      await relogin();
      const first = expectOk(await t.money('/user/chongzhi', { ...body, rjpz: await uploadImage(t, s) }, s));
      expect(
        expectOk(await t.call('/user/rechargelist', {}, { token: s.token })).find(
          (d: { id: string }) => d.id === first.id,
        ).channel,
      ).toBe(quick.name);
      await decideAll();

      const channels = expectOk(await t.admin('/channels/list', {}, await t.adminLogin()));
      const stored = channels.find((c: { id: string }) => c.id === quick.id);
      expect(stored.needs_password).toBe(true);
      const save = async (needs: boolean) => {
        const { open: _o, update_time: _u, ...fields } = stored;
        const now = await t.adminLogin();
        return t.admin('/channels/save', { ...fields, needs_password: needs, reason: 'ATM 入金' }, now);
      };
      expectOk(await save(false));
      try {
        const after = expectOk(await t.call('/common/recharge_channel', { type: 'jpy' }, { token: s.token }));
        expect(after.map((c: { needs_password: boolean }) => c.needs_password)).toEqual([true, false]);
        // the wallet still has a channel that asks for it
        const config = expectOk(await t.call('/common/config', { type: 'jpy' }));
        expect(config.find((c: { name: string }) => c.name === 'rpassword').value).toBe('1');
        // no password, no channel, no pre-check: the quick top-up takes it
        const { rpassword: _pw, ...noPassword } = body;
        const second = expectOk(
          await t.money('/user/chongzhi', { ...noPassword, rjpz: await uploadImage(t, s) }, s),
        );
        expect(second.order_number).toMatch(/^D/);
        await decideAll();
        // the regular channel still asks for it (Tuesday, named)
        t.clock.set(T0);
        await relogin();
        expectRefusal(
          await t.money(
            '/user/chongzhi',
            { ...noPassword, channel: regular.id, rjpz: await uploadImage(t, s) },
            s,
          ),
          'deposit.wrongChannelPassword',
        );
        expect((await info(s)).jpy).toBe('10000.0000');
      } finally {
        expectOk(await save(true));
      }
    });
  });

  describe('withdrawals', () => {
    const withdraw = (s: Session & { cardId: string }, over: Record<string, unknown> = {}) =>
      t.money(
        '/user/withdrawal',
        { money: '10000', bankid: s.cardId, passwords: '112233', type: 'jpy', ...over },
        s,
      );

    it('refuses each rule of a withdrawal (issue 3), writing nothing', async () => {
      const s = await readyUser(t, { realname: '松本 亮', fund: '200000', opToken: op });
      const id = await userId(s);
      const refusals: [string, Record<string, unknown>, string, Record<string, string>?][] = [
        ['below minimum', { money: '99' }, 'withdraw.belowMinimum', { min: '100' }],
        ['above maximum', { money: '5000001' }, 'withdraw.aboveMaximum', { max: '5000000' }],
        ['fraction of a yen', { money: '100.5' }, 'money.minorUnit', { unit: '1' }],
        ['more than available', { money: '200001' }, 'money.insufficientAvailable'],
        ['unknown card', { bankid: '999999' }, 'bank.notFound'],
        ['wrong fund password', { passwords: '000000' }, 'account.wrongFundPassword'],
      ];
      for (const [name, over, msg, params] of refusals) {
        const r = await withdraw(s, over);
        expect(r.body, name).toMatchObject({ status: 0, code: msg });
        if (params) expect(r.body.params, name).toEqual(params);
      }
      for (const when of [
        '2026-11-24T15:01:00+09:00',
        '2026-11-24T08:59:00+09:00',
        '2026-11-28T11:00:00+09:00',
        '2026-11-23T11:00:00+09:00',
      ]) {
        t.clock.set(at(when));
        const r = await withdraw(s);
        expectRefusal(r, 'withdraw.outsideHours');
        expect(r.body.params).toEqual({ window: '09:00-15:00' });
      }
      t.clock.set(at('2026-11-24T15:00:30+09:00'));
      const other = await readyUser(t, { realname: '井上 直樹', opToken: op });
      expectRefusal(await withdraw(s, { bankid: other.cardId }), 'bank.notFound');
      expect(await t.db.selectFrom('withdrawal').select('id').where('user_id', '=', id).execute()).toEqual(
        [],
      );
      expect((await info(s)).jpy).toBe('200000.0000');

      // unverified: no withdrawals
      const plain = await t.newUser();
      expectRefusal(
        await t.money('/user/withdrawal', { money: '1000', bankid: '1', passwords: '123456' }, plain),
        'kyc.required',
      );
      // verified, but no bank account at all
      const nocard = await readyUser(t, { realname: '藤井 光', opToken: op });
      expectOk(await t.call('/user/delbakcard', { bankid: nocard.cardId }, { token: nocard.token }));
      expectRefusal(await withdraw(nocard), 'withdraw.bankRequired');
      // a card not in the user's own name (as if the name had changed since)
      const foreign = await t.db
        .insertInto('bank_card')
        .values({
          user_id: id,
          holder: '別人 名義',
          number: '99887766',
          bank: '他人銀行',
          branch: '本店',
          branch_code: '001',
          account_type: 'ordinary',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expectRefusal(await withdraw(s, { bankid: String(foreign.id) }), 'withdraw.bankRequired');
      // restricted accounts cannot withdraw
      expectOk(await t.admin('/users/state', { id: String(id), state: 'restricted', reason: '調査中' }, op));
      expectRefusal(await withdraw(s), 'account.restricted');
      expectOk(await t.admin('/users/state', { id: String(id), state: 'active', reason: '解除' }, op));
      expectOk(await withdraw(s));
    });

    it('locks withdrawals for 15 minutes after 5 wrong fund passwords', async () => {
      const s = await readyUser(t, { realname: '木村 沙織', fund: '50000', opToken: op });
      for (let i = 0; i < 4; i++)
        expectRefusal(await withdraw(s, { passwords: '999999' }), 'account.wrongFundPassword');
      const locked = await withdraw(s, { passwords: '999999' });
      expectRefusal(locked, 'account.fundPasswordLocked');
      expect(locked.body.params).toEqual({ minutes: '15' });
      expectRefusal(await withdraw(s), 'account.fundPasswordLocked');
      t.clock.advance(15 * 60_000 + 1000);
      expectOk(await withdraw(s));
    });

    it('refuses while stocks are held, as long as the setting says so (default on)', async () => {
      const s = await readyUser(t, { realname: '林 健太', fund: '500000', opToken: op });
      expectOk(
        await t.money(
          '/trade/buy_stock',
          { symbol: '7203', zhang: '10', type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1 },
          s,
        ),
      );
      expectRefusal(await withdraw(s), 'withdraw.hasPositions');
      await saveSetting(t.db, 'withdraw_block_positions', false);
      try {
        expectOk(await withdraw(s));
      } finally {
        await saveSetting(t.db, 'withdraw_block_positions', true);
      }
    });

    it('reserves the amount (frozen) until approved (paid) or rejected (returned)', async () => {
      const s = await readyUser(t, { realname: '清水 美穂', fund: '300000', opToken: op });
      const id = await userId(s);
      const r = await withdraw(s, { money: '120000' });
      expect(r.body.code).toBe('ok.withdrawSubmitted');
      const w = expectOk(r);
      expect(w.order_number).toMatch(/^W\d{18}$/);
      expect(await info(s)).toMatchObject({
        jpy: '180000.0000',
        available: '180000.0000',
        frozen: '120000.0000',
        total_assets: '300000.0000',
      });
      expectRefusal(await withdraw(s, { money: '100' }), 'withdraw.pending');
      const list = expectOk(await t.call('/user/withdrawallist', { type: 'jpy' }, { token: s.token }));
      expect(list).toMatchObject([{ id: w.id, money: '120000.0000', status: 0, check_time: null }]);
      expect(list[0].bank_num).toMatch(/^\*+\d{4}$/);
      const b = await userBalance(t.db, id, 'jpy');
      expect(b.reserved).toBe(u('120000'));
      // nobody else sees it
      const stranger = await t.newUser();
      expect(
        expectOk(await t.call('/user/withdrawallist', { type: 'jpy' }, { token: stranger.token })),
      ).toEqual([]);

      const queued = expectOk(await t.admin('/withdrawals/list', {}, op)).list.find(
        (x: { id: string }) => x.id === w.id,
      );
      expect(queued).toMatchObject({ holder: '清水 美穂', bank: '三菱UFJ銀行', amount: '120000.0000' });
      expectOk(
        await t.admin(
          '/withdrawals/decide',
          { id: w.id, approve: false, reason: '口座名義が確認できません' },
          op,
        ),
      );
      expectRefusal(
        await t.admin('/withdrawals/decide', { id: w.id, approve: true }, op),
        'review.alreadyDecided',
      );
      expect(await info(s)).toMatchObject({
        jpy: '300000.0000',
        frozen: '0.0000',
        total_assets: '300000.0000',
      });
      expect(expectOk(await t.call('/user/withdrawallist', {}, { token: s.token }))[0]).toMatchObject({
        status: 2,
        reason: '口座名義が確認できません',
      });
      const refs = await transfersByRef(t.db, `withdrawal:${w.id}`);
      expect(refs.map((x) => x.type)).toEqual(['pending', 'void']);
      expect(expectOk(await t.call('/user/notice', { lang: 'us' }, { token: s.token }))[0].title).toBe(
        'Withdrawal rejected',
      );

      const w2 = expectOk(await withdraw(s, { money: '250000' }));
      expectOk(await t.admin('/withdrawals/decide', { id: w2.id, approve: true }, op));
      expect(await info(s)).toMatchObject({
        jpy: '50000.0000',
        frozen: '0.0000',
        total_assets: '50000.0000',
      });
      expect((await transfersByRef(t.db, `withdrawal:${w2.id}`)).map((x) => x.type)).toEqual([
        'pending',
        'post',
      ]);
      const rec = expectOk(
        await t.call('/user/capitalloglist', { page: 1, kind: 'withdrawal' }, { token: s.token }),
      );
      expect(rec.list).toMatchObject([{ money: '-250000.0000', balance: '50000.0000' }]);
      expect(expectOk(await t.call('/user/notice', { lang: 'us' }, { token: s.token }))[0].title).toBe(
        'Withdrawal approved',
      );
    });
  });

  describe('assets: the frozen and total rule and the ledger agree', () => {
    it('frozen = status-0 withdrawals (+ the product lists) = the ledger’s reservations; total = available + frozen', async () => {
      const s = await readyUser(t, { realname: '森 由美', fund: '400000', opToken: op });
      const id = await userId(s);
      const specFrozen = async () => {
        const sum = (rows: Record<string, string | number>[], field: string, status: number) =>
          rows
            .filter((r) => r.status === status)
            .reduce((a, r) => a + (r[field] === '-' ? 0n : u(String(r[field]))), 0n);
        const w = expectOk(await t.call('/user/withdrawallist', { type: 'jpy' }, { token: s.token }));
        const ipo = expectOk(
          await t.call('/trade/usernewstocklist', { type: 'jpy', buy_type: 0 }, { token: s.token }),
        );
        const products = expectOk(
          await t.call('/trade/userproductlist', { type: 'jpy' }, { token: s.token }),
        );
        const blocks = expectOk(await t.call('/trade/ustockslist', { type: 'jpy' }, { token: s.token }));
        // copy-trade stakes hold the user's money while following (0) and inside the lock-in (2)
        return (
          sum(ipo, 'rjmoney', 1) +
          sum(w, 'money', 0) +
          sum(products, 'money', 0) +
          sum(products, 'money', 2) +
          sum(blocks, 'credit', 0)
        );
      };
      const agree = async () => {
        const me = await info(s);
        const ledger = await userBalance(t.db, id, 'jpy');
        const frozen = await specFrozen();
        // the server's figures are the ledger's …
        expect(u(me.jpy)).toBe(ledger.available);
        expect(u(me.frozen)).toBe(ledger.reserved + ledger.margin + ledger.stake);
        expect(u(me.total_assets)).toBe(ledger.total);
        // … and they equal the family's formula over the list calls (docs/products.md, "Frozen and total assets")
        expect(u(me.frozen)).toBe(frozen);
        expect(u(me.total_assets)).toBe(u(me.jpy) + frozen);
      };
      await agree();
      const w = expectOk(await withdrawOf(s, '150000'));
      await agree();
      expect((await info(s)).frozen).toBe('150000.0000');
      expectOk(await t.admin('/withdrawals/decide', { id: w.id, approve: true }, op));
      await agree();
      expect((await info(s)).total_assets).toBe('250000.0000');
    });

    const withdrawOf = (s: Session & { cardId: string }, money: string) =>
      t.money('/user/withdrawal', { money, bankid: s.cardId, passwords: '112233', type: 'jpy' }, s);

    it('returns the product lists, empty until those products exist', async () => {
      const s = await t.newUser();
      for (const path of ['/trade/usernewstocklist', '/trade/userproductlist', '/trade/ustockslist']) {
        expect(expectOk(await t.call(path, { type: 'jpy' }, { token: s.token }))).toEqual([]);
      }
    });
  });

  describe('exchange', () => {
    it('quotes every pair of the nine currencies around the reference rates with the spread', async () => {
      const s = await t.newUser();
      for (const from of CURRENCIES) {
        for (const to of CURRENCIES) {
          const r = await t.call('/user/rotation_rate', { from, to }, { token: s.token });
          if (from === to) {
            expectRefusal(r, 'exchange.sameCurrency');
            continue;
          }
          const q = expectOk(r);
          expect(q.spread).toBe('0.30');
          const rate = Number(q.rate);
          const mid = Number(q.mid);
          expect(rate).toBeGreaterThan(0);
          expect(rate / mid).toBeCloseTo(0.997, 5);
        }
      }
      const q = expectOk(
        await t.call('/user/rotation_rate', { from: 'usd', to: 'jpy', money: '100' }, { token: s.token }),
      );
      // 155.20 ± 0.2 % less 0.3 %
      expect(Number(q.rate)).toBeGreaterThan(155.2 * 0.998 * 0.997 - 1e-9);
      expect(Number(q.rate)).toBeLessThan(155.2 * 1.002 * 0.997 + 1e-9);
      expect(q.converted).toMatch(/^\d+\.0000$/); // yen: whole yen, rounded down
    });

    it('exchanges with one linked transfer pair through the FX accounts, the rate stored with it', async () => {
      const s = await readyUser(t, { realname: '斎藤 翼', fund: '500000', opToken: op });
      const id = await userId(s);
      expectRefusal(
        await t.money('/user/rotation', { money: '100', from: 'jpy', to: 'jpy' }, s),
        'exchange.sameCurrency',
      );
      expectRefusal(
        await t.money('/user/rotation', { money: '0.5', from: 'jpy', to: 'usd' }, s),
        'money.minorUnit',
      );
      expectRefusal(
        await t.money('/user/rotation', { money: '1', from: 'jpy', to: 'usd' }, s),
        'exchange.tooSmall',
      );
      const preview = expectOk(
        await t.call('/user/rotation_rate', { from: 'jpy', to: 'usd', money: '100000' }, { token: s.token }),
      );
      const r = await t.money('/user/rotation', { money: '100000', from: 'jpy', to: 'usd' }, s);
      expect(r.body.code).toBe('ok.exchanged');
      const x = expectOk(r);
      expect(x.rate).toBe(preview.rate);
      expect(x.converted).toBe(preview.converted);
      const me = await info(s);
      expect(me.jpy).toBe('400000.0000');
      expect(me.usd).toBe(x.converted);
      expect(u(x.converted) % 100n).toBe(0n); // whole cents
      const row = await t.db
        .selectFrom('fx_exchange')
        .selectAll()
        .where('order_no', '=', x.order_number)
        .executeTakeFirstOrThrow();
      expect(row.rate).toBe(x.rate);
      const pair = await transfersByRef(t.db, `exchange:${row.id}`);
      expect(pair).toHaveLength(2);
      expect(pair[0].flags & 1).toBe(1); // linked
      expect(pair.map((p) => [p.currency, p.amount])).toEqual([
        ['jpy', u('100000')],
        ['usd', u(x.converted)],
      ]);
      for (const p of pair) expect(p.memo).toContain(x.rate);
      const rec = expectOk(
        await t.call('/user/capitalloglist', { page: 1, kind: 'exchange' }, { token: s.token }),
      );
      expect(rec.list.map((l: { type: string; money: string }) => [l.type, l.money]).sort()).toEqual(
        [
          ['jpy', '-100000.0000'],
          ['usd', x.converted],
        ].sort(),
      );
      // its words: the pair and the rate as people quote it (1 USD in yen), in the user's language
      const quoted = quotedRate('jpy', 'usd', x.rate);
      expect(quoted).toMatchObject({ base: 'usd', quote: 'jpy' });
      expect(Math.abs(Number(quoted!.value) - 1 / Number(x.rate))).toBeLessThan(0.01);
      for (const l of rec.list) {
        expect(l.title).toBe('両替');
        expect(l.detail).toBe(`円→米ドル 1USD=${quoted!.value}円`);
        expect(l.detail).not.toMatch(/->|rate/);
      }
      const recUs = expectOk(
        await t.call('/user/capitalloglist', { page: 1, kind: 'exchange', lang: 'us' }, { token: s.token }),
      );
      expect(recUs.list[0]).toMatchObject({
        title: 'Exchange',
        detail: `JPY → USD 1 USD = ${quoted!.value} JPY`,
      });
      expect((await userBalance(t.db, id, 'usd')).available).toBe(u(x.converted));
      expectRefusal(
        await t.money('/user/rotation', { money: '400001', from: 'jpy', to: 'usd' }, s),
        'money.insufficientAvailable',
      );
      expectRefusal(
        await t.money('/user/rotation', { money: '0.0001', from: 'usd', to: 'jpy' }, s),
        'money.minorUnit',
      );
    });

    it('goes round all nine wallets and refuses an amount too small to convert', async () => {
      const s = await readyUser(t, { realname: '岡田 望', fund: '100000', opToken: op });
      const chain = ['jpy', 'usd', 'cny', 'krw', 'twd', 'hkd', 'thb', 'vnd', 'myr', 'jpy'];
      let money = '50000';
      for (let i = 0; i < chain.length - 1; i++) {
        const x = expectOk(await t.money('/user/rotation', { money, from: chain[i], to: chain[i + 1] }, s));
        money = x.converted;
        expect(u(money)).toBeGreaterThan(0n);
      }
      // nine spreads later: a little less than it started with
      expect(Number(money)).toBeLessThan(50000);
      expect(Number(money)).toBeGreaterThan(50000 * 0.96);
      const me = await info(s);
      for (const c of CURRENCIES.filter((c) => c !== 'jpy')) expect(me[c]).toBe('0.0000');
      expectRefusal(
        await t.call('/user/rotation_rate', { from: 'vnd', to: 'usd', money: '1' }, { token: s.token }),
        'exchange.tooSmall',
      );
    });
  });

  describe('fund records and statements', () => {
    it('filters by wallet, type and JST date; the CSV statement reconciles to the ledger', async () => {
      const s = await readyUser(t, { realname: '前田 彩', opToken: op });
      const id = await userId(s);
      // day 1: deposit 200,000; day 2: exchange; day 3: withdrawal 30,000 approved
      t.clock.set(at('2026-11-24T10:00:00+09:00'));
      const { fundUser } = await import('./support/app.ts');
      await fundUser(t, s, '200000', 'jpy', op);
      t.clock.set(at('2026-11-25T11:00:00+09:00'));
      expectOk(await t.money('/user/rotation', { money: '20000', from: 'jpy', to: 'usd' }, s));
      t.clock.set(at('2026-11-26T12:00:00+09:00'));
      const w = expectOk(
        await t.money(
          '/user/withdrawal',
          { money: '30000', bankid: s.cardId, passwords: '112233', type: 'jpy' },
          s,
        ),
      );
      // operator sessions last 12 hours
      expectOk(await t.admin('/withdrawals/decide', { id: w.id, approve: true }, await t.adminLogin()));

      const all = expectOk(await t.call('/user/capitalloglist', { page: 1 }, { token: s.token }));
      expect(all.total).toBe(4);
      expect(all.list.map((r: { kind: string }) => r.kind)).toEqual([
        'withdrawal',
        'exchange',
        'exchange',
        'deposit',
      ]);
      expect(
        expectOk(await t.call('/user/capitalloglist', { page: 1, type: 'usd' }, { token: s.token })).total,
      ).toBe(1);
      expect(
        expectOk(await t.call('/user/capitalloglist', { page: 1, kind: 'deposit' }, { token: s.token }))
          .total,
      ).toBe(1);
      const day2 = expectOk(
        await t.call(
          '/user/capitalloglist',
          { page: 1, start: '2026-11-25', end: '2026-11-25' },
          { token: s.token },
        ),
      );
      expect(day2.list.map((r: { kind: string }) => r.kind)).toEqual(['exchange', 'exchange']);
      const paged = expectOk(await t.call('/user/capitalloglist', { page: 2, size: 3 }, { token: s.token }));
      expect(paged.list).toHaveLength(1);
      expectRefusal(
        await t.call('/user/capitalloglist', { start: '2026-11-30', end: '2026-11-01' }, { token: s.token }),
        'records.badRange',
      );
      expectRefusal(
        await t.call('/user/capitalloglist', { page: 1, start: '2026-02-30' }, { token: s.token }),
        'validation.invalid',
      );
      expectRefusal(
        await t.call('/user/capitalloglist', { page: 1, kind: 'bonus' }, { token: s.token }),
        'validation.invalid',
      );

      const csv = expectOk(
        await t.call('/user/capitallogcsv', { start: '2026-11-25', end: '2026-11-26' }, { token: s.token }),
      );
      expect(csv.filename).toBe('kabuto-statement-2026-11-25-2026-11-26.csv');
      const jpy = csv.wallets.find((w: { type: string }) => w.type === 'jpy');
      expect(jpy).toEqual({
        type: 'jpy',
        opening: '200000.0000',
        closing: '150000.0000',
        inflow: '0.0000',
        outflow: '50000.0000',
      });
      const lines = csv.content
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'type,currency,time_jst,order_number,amount,balance,stock_code,stock_name,product,issuer,memo,description,detail',
      );
      expect(lines.filter((l: string) => l.startsWith('exchange,'))).toHaveLength(2);
      // the same words as the record list
      const listed = expectOk(
        await t.call('/user/capitalloglist', { page: 1, kind: 'exchange' }, { token: s.token }),
      ).list[0];
      for (const l of lines.filter((x: string) => x.startsWith('exchange,')))
        expect(l.endsWith(`,${listed.title},${listed.detail}`)).toBe(true);
      expect(lines.some((l: string) => /^withdrawal,.*,出金,/.test(l))).toBe(true);
      expect(lines.some((l: string) => l.startsWith('withdrawal,JPY,2026-11-26 12:00:00'))).toBe(true);
      // closing = the ledger's posted cash now (nothing happened after the range)
      for (const wallet of csv.wallets) {
        const b = await userBalance(t.db, id, wallet.type);
        expect(u(wallet.closing)).toBe(b.available + b.reserved);
        expect(u(wallet.closing) - u(wallet.opening)).toBe(u(wallet.inflow) - u(wallet.outflow));
      }
      // the records add up to the ledger's transfers on the cash account
      const recs = await t.db
        .selectFrom('fund_record')
        .select(['amount', 'transfer_id', 'currency'])
        .where('user_id', '=', id)
        .execute();
      for (const c of ['jpy', 'usd'] as const) {
        const sum = recs.filter((r) => r.currency === c).reduce((a, r) => a + r.amount, 0n);
        const b = await userBalance(t.db, id, c);
        expect(sum).toBe(b.available + b.reserved);
      }
      expectRefusal(
        await t.call('/user/capitallogcsv', { start: '2025-01-01', end: '2026-11-26' }, { token: s.token }),
        'records.rangeTooLong',
      );
      expectRefusal(
        await t.call('/user/capitallogcsv', { start: '2026-11-01' }, { token: s.token }),
        'validation.required',
      );
      const usdOnly = expectOk(
        await t.call(
          '/user/capitallogcsv',
          { type: 'usd', start: '2026-11-01', end: '2026-11-30' },
          { token: s.token },
        ),
      );
      expect(usdOnly.wallets).toHaveLength(1);
      expect(formatUnits(u(usdOnly.wallets[0].opening))).toBe('0.0000');
    });
  });
});
