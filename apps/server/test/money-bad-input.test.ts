import {
  adminApi,
  blockTradesApi,
  copyTradeApi,
  dayTradingApi,
  type Endpoint,
  fundsApi,
  isMsgKey,
  kycApi,
  loansApi,
  newSharesApi,
} from '@kabuto/contract';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { checkInvariants } from '@kabuto/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type Session, type TestApp, uploadImage } from './support/app.ts';

/**
 * Every money call with a valid body, broken one way at a time: missing fields, arrays, objects, huge
 * strings, full-width digits, null, booleans, unknown fields, and for amounts negative, zero, 1e9,
 * 30 digits, too many decimals. Each must answer status 0 with a msg key (never 500), and nothing may be
 * written.
 */
const PROOF = '__proof__';
const CALLS: { e: Endpoint; valid: Record<string, unknown> }[] = [
  {
    e: kycApi.submit,
    valid: { realname: '山田 太郎', id_card: 'AB1234', frontcard: PROOF, backcard: PROOF, privacy: '1' },
  },
  { e: fundsApi.cards, valid: {} },
  {
    e: fundsApi.addCard,
    valid: {
      realname: '山田 太郎',
      bank_num: '1234567',
      bank_name: '銀行',
      bank_address: '支店',
      bank_code: '123',
      account_type: 'ordinary',
    },
  },
  {
    e: fundsApi.editCard,
    valid: {
      bankid: '1',
      realname: '山田 太郎',
      bank_num: '1234567',
      bank_name: '銀行',
      bank_address: '支店',
      bank_code: '123',
      account_type: 'ordinary',
    },
  },
  { e: fundsApi.removeCard, valid: { bankid: '1' } },
  { e: fundsApi.depositChannels, valid: { type: 'jpy' } },
  { e: fundsApi.depositCheck, valid: { money: '5000', type: 'jpy', rpassword: '135790', channel: '1' } },
  {
    e: fundsApi.deposit,
    valid: { money: '5000', type: 'jpy', rjpz: PROOF, channel: '1', rpassword: '135790' },
  },
  { e: fundsApi.deposits, valid: { type: 'jpy' } },
  { e: fundsApi.withdraw, valid: { money: '5000', bankid: '1', passwords: '246810', type: 'jpy' } },
  { e: fundsApi.withdrawals, valid: { type: 'jpy' } },
  { e: fundsApi.exchangeRate, valid: { from: 'jpy', to: 'usd', money: '1000' } },
  { e: fundsApi.exchange, valid: { money: '1000', from: 'jpy', to: 'usd' } },
  { e: loansApi.info, valid: { type: 'jpy', money: '1000' } },
  { e: loansApi.apply, valid: { type: 'jpy', money: '1000' } },
  { e: loansApi.repay, valid: { type: 'jpy', money: '1000' } },
  { e: loansApi.list, valid: { type: 'jpy' } },
  {
    e: fundsApi.records,
    valid: { type: 'jpy', kind: 'deposit', start: '2026-11-01', end: '2026-11-30', page: '1', size: '20' },
  },
  { e: fundsApi.statement, valid: { type: 'jpy', start: '2026-11-01', end: '2026-11-30' } },
  { e: newSharesApi.applications, valid: { type: 'jpy', buy_type: '0' } },
  { e: copyTradeApi.orders, valid: { type: 'jpy' } },
  { e: blockTradesApi.subscriptions, valid: { type: 'jpy' } },
  // above the configured maximum, so that even the well-formed variants are refused and write nothing
  { e: dayTradingApi.apply, valid: { money: '20000000', type: 'jpy' } },
  { e: dayTradingApi.applications, valid: { type: 'jpy' } },
];
const AMOUNT_FIELDS = new Set(['money']);
const BAD_AMOUNTS = [
  '-100',
  '0',
  '0.0000',
  '1e9',
  '１０００',
  '1'.repeat(30),
  '100.00001',
  '1,000',
  ' ',
  'NaN',
  '0x10',
  '+5',
];

const mutations = (valid: Record<string, unknown>): [string, Record<string, unknown>][] => {
  const out: [string, Record<string, unknown>][] = [['unknown field', { ...valid, sneaky: 'x' }]];
  for (const key of Object.keys(valid)) {
    const { [key]: _, ...rest } = valid;
    out.push([`${key} missing`, rest]);
    out.push([`${key} as array`, { ...valid, [key]: ['a', 'b'] }]);
    out.push([`${key} as object`, { ...valid, [key]: { $gt: '' } }]);
    out.push([`${key} 10 KB`, { ...valid, [key]: 'x'.repeat(10 * 1024) }]);
    out.push([`${key} full-width digits`, { ...valid, [key]: '１２３４５６' }]);
    out.push([`${key} null`, { ...valid, [key]: null }]);
    out.push([`${key} boolean`, { ...valid, [key]: true }]);
    out.push([`${key} negative`, { ...valid, [key]: '-1' }]);
    out.push([`${key} 30 digits`, { ...valid, [key]: '9'.repeat(30) }]);
    if (AMOUNT_FIELDS.has(key)) {
      for (const bad of BAD_AMOUNTS) out.push([`${key} = ${JSON.stringify(bad)}`, { ...valid, [key]: bad }]);
      out.push([`${key} = 1e9 (JSON number)`, { ...valid, [key]: 1e9 }]);
      out.push([`${key} = -5 (JSON number)`, { ...valid, [key]: -5 }]);
      out.push([`${key} = 1e300 (JSON number)`, { ...valid, [key]: 1e300 }]);
    }
  }
  return out;
};

const TABLES = [
  'kyc_submission',
  'bank_card',
  'deposit',
  'withdrawal',
  'fx_exchange',
  'loan',
  'fund_record',
  'ledger_transfer',
] as const;

describe.each(API_DB_KINDS)('money calls refuse bad input on %s', (kind) => {
  let t: TestApp;
  let s: Session;
  let proof: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // an unverified user without money: whatever slips through validation is refused by the rules
    s = await t.newUser('bad');
    proof = await uploadImage(t, s);
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const r = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      out[table] = Number(r.n);
    }
    return out;
  };

  it('never answers 500 and always names a msg key; nothing is half-written', async () => {
    const before = await counts();
    let n = 0;
    for (const { e, valid: raw } of CALLS) {
      const valid = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === PROOF ? proof : v]));
      for (const [name, body] of mutations(valid)) {
        for (const form of [false, true]) {
          if (
            form &&
            (name.endsWith('null') ||
              name.endsWith('boolean') ||
              name.endsWith('object') ||
              name.includes('JSON number'))
          )
            continue;
          const headers: Record<string, string> = e.money ? { 'idempotency-key': `k${n++}` } : {};
          const r = await t.call(e.path, body, { token: s.token, form, headers });
          const where = `${e.path} ${name} (${form ? 'form' : 'json'}): HTTP ${r.http} ${JSON.stringify(r.body)}`;
          expect(r.http, where).toBeLessThan(500);
          expect(r.http, where).not.toBe(429);
          expect(typeof r.body.status, where).toBe('number');
          if (r.body.status === 0) expect(isMsgKey(r.body.code ?? ''), where).toBe(true);
          // unknown fields are ignored (docs/wire.md, "Transport"): the call is judged on its known fields alone
          if (name === 'unknown field') expect(r.body.code, where).not.toBe('validation.unknownField');
          // 1e9 sent as a JSON number is a billion: a real amount, which previews may price
          const legit = name === 'money = 1e9 (JSON number)' && !e.money;
          if (name.startsWith('money') && !name.endsWith('missing') && !legit)
            expect(r.body.status, where).toBe(0);
          if (name === 'rjpz missing') expect(r.body.code, where).toBe('deposit.proofRequired');
        }
      }
    }
    expect(await counts()).toEqual(before);
    expect((await checkInvariants(t.db)).ok).toBe(true);
  });

  it('names the amount problem precisely', async () => {
    const cases: [unknown, string][] = [
      ['-100', 'validation.amount'],
      ['0', 'validation.amount'],
      ['1e9', 'validation.amount'],
      ['１０００', 'validation.halfWidth'],
      ['1'.repeat(30), 'validation.amount'],
      ['100.00001', 'validation.amount'],
      ['', 'validation.required'],
      [undefined, 'validation.required'],
    ];
    for (const [money, msg] of cases) {
      const body = money === undefined ? { from: 'jpy', to: 'usd' } : { money, from: 'jpy', to: 'usd' };
      const r = await t.money('/user/rotation', body, s);
      expect(r.body, String(money)).toMatchObject({ status: 0, code: msg, params: { field: 'money' } });
    }
  });

  it('refuses bad input on the back-office calls too', async () => {
    const op = await t.adminLogin();
    const admin: { e: Endpoint; valid: Record<string, unknown> }[] = [
      { e: adminApi.kycDecide, valid: { id: '999999', approve: false, reason: 'x' } },
      { e: adminApi.depositDecide, valid: { id: '999999', approve: true } },
      { e: adminApi.withdrawalDecide, valid: { id: '999999', approve: true } },
      { e: adminApi.loanDecide, valid: { id: '999999', approve: true } },
      { e: adminApi.depositList, valid: { status: 'pending', page: 1, size: 20 } },
      { e: adminApi.userList, valid: { q: 'x', state: 'all', page: 1, size: 20 } },
      { e: adminApi.userDetail, valid: { id: '999999' } },
      { e: adminApi.userSetState, valid: { id: '999999', state: 'frozen', reason: 'x' } },
      {
        e: adminApi.userSetCredit,
        valid: { id: '999999', score: 10, currency: 'jpy', limit: '100', reason: 'x' },
      },
      { e: adminApi.userMessage, valid: { id: '999999', title: 't', content: 'c' } },
      { e: adminApi.configSet, valid: { name: 'nope', value: '1', reason: 'x' } },
      { e: adminApi.auditList, valid: { q: 'x', page: 1, size: 20 } },
      { e: adminApi.operatorSave, valid: { id: '999999', username: 'ghost', role: 'reviewer', reason: 'x' } },
    ];
    const before = await counts();
    for (const { e, valid } of admin) {
      for (const [name, body] of mutations(valid)) {
        const r = await t.admin(e.path, body, op);
        const where = `${e.path} ${name}: HTTP ${r.http} ${JSON.stringify(r.body)}`;
        expect(r.http, where).toBeLessThan(500);
        if (r.body.status === 0) expect(isMsgKey(r.body.code ?? ''), where).toBe(true);
      }
    }
    expect(await counts()).toEqual(before);
    expectOk(await t.admin('/auth/me', {}, op));
  });
});
