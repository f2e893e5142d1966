import { accountApi, contentApi, type Endpoint, isMsgKey } from '@kabuto/contract';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.ts';
import { createTestApp, type Session, type TestApp } from './support/app.ts';

/** Every call of this area with a valid body; each case below breaks it in one way. */
const CALLS: { e: Endpoint; valid: Record<string, unknown> }[] = [
  {
    e: accountApi.register,
    valid: { account: 'validname1', pwd: 'secret-pass-1', pwd1: 'secret-pass-1', inviter: 'KABUTO2026' },
  },
  { e: accountApi.login, valid: { account: 'validname1', password: 'secret-pass-1' } },
  { e: accountApi.userInfo, valid: { type: 'jpy' } },
  {
    e: accountApi.changePassword,
    valid: { old_pass: 'secret-pass-1', new_pass: 'secret-pass-2', new_passs: 'secret-pass-2' },
  },
  { e: accountApi.setFundPassword, valid: { new_pass: '123456', new_passs: '123456' } },
  {
    e: accountApi.changeFundPassword,
    valid: { old_pass: '123456', new_pass: '654321', new_passs: '654321' },
  },
  { e: accountApi.notices, valid: { lang: 'jp' } },
  { e: accountApi.noticeDetail, valid: { id: '1', lang: 'jp' } },
  { e: contentApi.config, valid: { type: 'all' } },
  { e: contentApi.page, valid: { name: 'about', lang: 'jp' } },
  { e: contentApi.news, valid: { lang: 'jp', page: '1' } },
  { e: contentApi.newsDetail, valid: { id: '1', lang: 'jp' } },
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
  }
  return out;
};

describe.each(API_DB_KINDS)('bad input on %s', (kind) => {
  let t: TestApp;
  let u: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    u = await t.newUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never answers 500 and always names a msg key; nothing is half-written', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('app_user')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const { e, valid } of CALLS) {
      for (const [name, body] of mutations(valid)) {
        for (const form of [false, true]) {
          // Forms carry only strings (arrays as repeated keys): null, booleans and objects have no form spelling.
          if (form && (name.endsWith('null') || name.endsWith('boolean') || name.endsWith('object')))
            continue;
          const r = await t.call(e.path, body, { token: u.token, form });
          const where = `${e.path} ${name} (${form ? 'form' : 'json'}): HTTP ${r.http} ${JSON.stringify(r.body)}`;
          expect(r.http, where).toBeLessThan(500);
          expect(typeof r.body.status, where).toBe('number');
          if (r.body.status === 0) expect(isMsgKey(r.body.code ?? ''), where).toBe(true);
          // unknown fields are ignored (docs/wire.md, "Transport"): the call is judged on its known fields alone
          if (name === 'unknown field') expect(r.body.code, where).not.toBe('validation.unknownField');
          if (
            name.endsWith('missing') &&
            !(
              e.path.includes('config') ||
              name.startsWith('lang') ||
              name.startsWith('page') ||
              name.startsWith('type')
            )
          ) {
            expect(r.body.status, where).toBe(0);
          }
        }
      }
    }
    // Registration was attempted with broken bodies only, and once with a valid body plus an unknown field
    // (ignored): exactly that one user appeared (its form replay found the account taken).
    expect(await count()).toBe(before + 1);
  });

  it('names the field in params', async () => {
    const r = await t.call('/user/register', {
      account: 'validname2',
      pwd: 'secret-pass-1',
      pwd1: 'secret-pass-1',
    });
    expect(r.body).toEqual({
      status: 0,
      code: 'validation.required',
      msg: expect.any(String),
      params: { field: 'inviter' },
    });
    // a known field of the wrong shape is named; an unknown field beside it is ignored
    const u2 = await t.call('/user/login', { account: ['a'], password: 'b', extra: 1 });
    expect(u2.body).toEqual({
      status: 0,
      code: 'validation.invalid',
      msg: expect.any(String),
      params: { field: 'account' },
    });
    const u3 = await t.call('/user/login', { account: 'nobody-here', password: 'bbbbbbbb', extra: 1 });
    expect(u3.body.status).toBe(0);
    expect(u3.body.code).not.toBe('validation.unknownField');
  });

  it('refuses oversized bodies with 413, malformed JSON and odd content types with a msg key', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(BODY_LIMIT), password: 'y' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ status: 0, code: 'request.tooLarge', msg: expect.any(String) });
    const bigForm = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=${'x'.repeat(BODY_LIMIT)}&password=y`,
    });
    expect(bigForm.statusCode).toBe(413);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(broken.statusCode).toBeLessThan(500);
    expect(broken.json()).toMatchObject({ status: 0, code: 'request.badFormat' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'account=a',
    });
    expect(text.statusCode).toBeLessThan(500);
    expect(text.json().status).toBe(0);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBeLessThan(500);
    expect(isMsgKey(xml.json().code)).toBe(true);
  });

  it('rate-limits login per IP and account, and registration per IP', async () => {
    const strict = await createTestApp(kind, { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_REGISTER: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await strict.call('/user/login', { account: 'target1', password: 'x'.repeat(8) })).http);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await strict.call('/user/login', { account: 'target1', password: 'x'.repeat(8) });
      expect(limited.body).toEqual({ status: 0, code: 'request.rateLimited', msg: expect.any(String) });
      // Another account from the same IP is still allowed.
      expect((await strict.call('/user/login', { account: 'target2', password: 'x'.repeat(8) })).http).toBe(
        200,
      );
      const reg = (n: number) =>
        strict.call('/user/register', {
          account: `ratelim${n}`,
          pwd: 'secret-pass-1',
          pwd1: 'secret-pass-1',
          inviter: 'KABUTO2026',
        });
      // refusals for validation do not count: a person correcting typos is not locked out
      for (let i = 0; i < 4; i++) {
        const r = await strict.call('/user/register', {
          account: `ratelim${i}`,
          pwd: 'secret-pass-1',
          pwd1: 'secret-pass-2',
          inviter: 'KABUTO2026',
        });
        expect(r.body).toMatchObject({ status: 0, code: 'account.passwordMismatch' });
      }
      // the invite code is case-insensitive; the accounts created count
      const lower = await strict.call('/user/register', {
        account: 'ratelim1',
        pwd: 'secret-pass-1',
        pwd1: 'secret-pass-1',
        inviter: 'kabuto2026',
      });
      expect(lower.body.status).toBe(1);
      expect([(await reg(2)).http, (await reg(3)).http]).toEqual([200, 429]);
      expect((await reg(3)).body).toMatchObject({ status: 0, code: 'request.rateLimited' });
    } finally {
      await strict.close();
    }
  });
});
