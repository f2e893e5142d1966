import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendNoticeText } from '../src/shared/notices.ts';
import { createTestApp, expectOk, expectRefusal, type TestApp } from './support/app.ts';

describe.each(API_DB_KINDS)('config and content on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves config in both forms, without a login, at any letter case', async () => {
    const basic = expectOk(await t.call('/common/config'));
    expect(basic.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['kefu', 'title', 'logo']),
    );
    const all = expectOk(await t.call('/Common/Config', { type: 'all' }, { form: true }));
    const map = Object.fromEntries(all.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(map.title).toBe('Kabuto');
    expect(map.register_mode).toBe('account');
    expect(map.kefu).toBe('mailto:support@kabuto.example');
    // the simulator's prices: the web app shows its notice on every screen
    expect(map.simulated_prices).toBe('1');
    expect(map.market_modes).toBe('jpy:simulated:0,usd:simulated:0,cny:simulated:0,krw:simulated:0');
    expect(all.length).toBeGreaterThanOrEqual(basic.length);
    const empty = await t.app.inject({ method: 'POST', url: '/api/vue/common/config' });
    expect(empty.json().status).toBe(1);
  });

  it('serves the three agreements in the three languages', async () => {
    for (const name of ['protocol', 'privacy', 'about']) {
      const titles = new Set<string>();
      for (const lang of ['jp', 'cn', 'us']) {
        const page = expectOk(await t.call('/common/wenben', { name, lang }));
        expect(page.content.length).toBeGreaterThan(200);
        titles.add(page.title);
      }
      expect(titles.size).toBe(3);
    }
    expectRefusal(await t.call('/common/wenben', { name: 'secret' }), 'validation.invalid');
  });

  it('lists news newest first and opens an article', async () => {
    const list = expectOk(await t.call('/common/newss', { lang: 'jp' }));
    expect(list.total).toBeGreaterThanOrEqual(6);
    const times = list.list.map((n: { create_time: number }) => n.create_time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const article = expectOk(await t.call('/common/newsinfo', { id: list.list[0].id, lang: 'us' }));
    expect(article.content).toContain('<p>');
    expect(article.title).not.toBe(list.list[0].title);
    expectRefusal(await t.call('/common/newsinfo', { id: '999999' }), 'content.notFound');
    const page2 = expectOk(await t.call('/common/newss', { lang: 'jp', page: 2 }));
    expect(page2.list.length).toBe(Math.max(0, list.total - 20));
  });

  it('keeps site messages private to their user and marks them read', async () => {
    const a = await t.newUser();
    const b = await t.newUser();
    const aId = (
      await t.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', a.account)
        .executeTakeFirstOrThrow()
    ).id;
    await sendNoticeText(
      t.db,
      new Date(t.clock.now()),
      aId,
      { jp: '題', cn: '题', us: 'Subject' },
      { jp: '本文', cn: '正文', us: 'Body' },
    );
    const list = expectOk(await t.call('/user/notice', { lang: 'us' }, { token: a.token }));
    expect(list[0]).toMatchObject({ title: 'Subject', read: false });
    expectRefusal(
      await t.call('/user/noticedetail', { id: list[0].id }, { token: b.token }),
      'content.notFound',
    );
    const detail = expectOk(
      await t.call('/user/noticedetail', { id: list[0].id, lang: 'cn' }, { token: a.token }),
    );
    expect(detail).toMatchObject({ title: '题', content: '正文', read: true });
    const again = expectOk(await t.call('/user/notice', { lang: 'us' }, { token: a.token }));
    expect(again[0].read).toBe(true);
    const bList = expectOk(await t.call('/user/notice', {}, { token: b.token }));
    expect(bList.map((n: { id: string }) => n.id)).not.toContain(list[0].id);
  });

  it('stamps site messages with the server clock, not the wall clock', async () => {
    const c = await t.newUser();
    const [welcome] = expectOk(await t.call('/user/notice', {}, { token: c.token }));
    expect(welcome.create_time).toBe(Math.floor(t.clock.now() / 1000));
    expect(Math.abs(welcome.create_time * 1000 - Date.now())).toBeGreaterThan(60_000);
  });

  it('reports health and an OpenAPI document generated from the contract', async () => {
    const h = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(h.json()).toMatchObject({ status: 'ok' });
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/vue/user/register', '/api/vue/user/login', '/api/vue/common/config']),
    );
    // the contract's rules are on the page: transport, replies with their field docs, numbers as numbers
    const api = doc.json();
    expect(api.info.description).toMatch(/unknown body fields .* ignored/);
    expect(api.info.description).toContain('ja | zh | en');
    const reply = (path: string) =>
      api.paths[`/api/vue${path}`].post.responses['200'].content['application/json'].schema.properties.data;
    const bar = reply('/trade/kline').items.properties;
    for (const k of ['open', 'high', 'low', 'close', 'volume']) expect(bar[k].type, k).toBe('number');
    const quote = reply('/trade/stockdetails').properties;
    expect(quote.price.type).toBe('number');
    expect(quote.buyFeeMin.type).toBe('string');
    const deposit = reply('/user/rechargelist').items.properties;
    expect(deposit.rjpz_url.description).toMatch(/signed URL/);
    expect(deposit.money.type).toBe('string');
    const configBody =
      api.paths['/api/vue/common/config'].post.requestBody.content['application/json'].schema.properties;
    expect(configBody.type.enum).toEqual(['all', 'jpy', 'usd', 'cny', 'krw']);
    expect(api.paths['/api/vue/common/config'].post.summary).toContain('ganggang');
  });

  it('answers unknown paths with 404 and a msg key', async () => {
    const r = await t.call('/user/doesNotExist', {});
    expect(r.http).toBe(404);
    expect(r.body).toEqual({ status: 0, code: 'request.notFound', msg: expect.any(String) });
  });
});
