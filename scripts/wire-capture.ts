/**
 * Wire capture: builds the server in-process on a fresh embedded database with a fixed manual clock, sends
 * a fixed, broad set of calls across every module (user and operator side, in jp, cn and us where the
 * language shows), and writes each request with its reply (HTTP status and body) to a JSON file. Volatile
 * values (tokens, random ids, order numbers, upload names, real-time stamps) are replaced by stable
 * placeholders, so two runs of the same code write the same bytes and two trees can be compared with diff.
 *
 *   npx tsx scripts/wire-capture.ts <out.json>
 *
 * See docs/wire.md, "Comparing the wire before and after a change".
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '@kabuto/db/testing';
import { ManualClock } from '@kabuto/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';

/** A Tuesday in Tokyo, 10:00, inside the morning session (the API suites' T0). */
const T0 = Date.parse('2026-11-24T10:00:00+09:00');
const LANGS = ['jp', 'cn', 'us'] as const;

/** A 4×4 JPEG (uploads are decoded and encoded again, so the bytes must be a picture). */
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKAAK2/9k=',
  'base64',
);

type Json = any;
interface Entry {
  n: number;
  request: { url: string; body: Json; as?: string };
  reply: { http: number; body: Json };
}

async function main(out: string): Promise<void> {
  const started = Date.now();
  const uploads = mkdtempSync(join(tmpdir(), 'kabuto-capture-'));
  const handle = await createTestDb('pglite');
  const env = loadEnv({
    UPLOAD_DIR: uploads,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_REGISTER: '1000',
    RATE_LIMIT_MONEY: '1000',
    DEMO_ADMIN_PASSWORD: 'kabuto-admin-1',
    LOG_LEVEL: 'silent',
  });
  const clock = new ManualClock(T0);
  /** Replies whose data does not match their endpoint's schema in the contract (should stay empty). */
  const mismatches: { url: string; problems: string[] }[] = [];
  const app = await buildApp({
    db: handle.db,
    clock,
    timers: clock,
    env,
    webDist: null,
    adminDist: null,
    onReplyMismatch: (m) => mismatches.push(m),
  });
  await app.ready();
  await seedDemo(
    handle.db,
    env,
    { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
    clock,
  );

  const entries: Entry[] = [];
  /** Volatile strings seen in replies (tokens, random ids), replaced by a numbered placeholder. */
  const volatile = new Map<string, string>();
  const mark = (value: unknown, kind: string) => {
    if (typeof value === 'string' && value.length >= 8 && !volatile.has(value))
      volatile.set(value, `<${kind}:${volatile.size + 1}>`);
  };

  /** Values of these keys carry a random part wherever they appear. */
  const VOLATILE_KEYS =
    /^(token|invite_code|order_number|order_no|strategy_num|session_id|sid|commitment|entries_commitment|seed)$/;
  const markVolatile = (v: Json): void => {
    if (Array.isArray(v)) for (const x of v) markVolatile(x);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (VOLATILE_KEYS.test(k)) mark(x, k);
        else markVolatile(x);
      }
  };

  async function send(
    url: string,
    body: Json,
    headers: Record<string, string>,
    as: string | undefined,
    payload?: Buffer,
  ): Promise<Json> {
    const raw = await app.inject({
      method: 'POST',
      url,
      headers: payload ? headers : { 'content-type': 'application/json', ...headers },
      payload: payload ?? JSON.stringify(body),
    });
    let reply: Json;
    try {
      reply = raw.json();
    } catch {
      reply = { text: raw.body };
    }
    markVolatile(reply);
    entries.push({
      n: entries.length + 1,
      request: { url, body, ...(as ? { as } : {}) },
      reply: { http: raw.statusCode, body: reply },
    });
    return reply;
  }

  const user =
    (token?: string, as?: string) =>
    (path: string, body: Json = {}, money = false) =>
      send(
        `/api/vue${path}`,
        body,
        {
          ...(token ? { token } : {}),
          ...(money ? { 'idempotency-key': randomUUID() } : {}),
        },
        as,
      );
  const admin =
    (token: string) =>
    (path: string, body: Json = {}) =>
      send(`/api/admin${path}`, body, { authorization: `Bearer ${token}` }, 'operator');
  const data = (r: Json) => (r?.status === 1 ? r.data : undefined);
  const rowsOf = (d: Json): Json[] =>
    d && typeof d === 'object'
      ? Object.keys(d)
          .filter((k) => /^\d+$/.test(k))
          .map((k) => d[k])
      : [];

  // ------------------------------------------------------------------ auth
  const anon = user();
  for (const lang of LANGS)
    await anon('/user/login', { account: env.DEMO_ACCOUNT, password: 'not-the-password', lang });
  await anon('/user/login', { account: env.DEMO_ACCOUNT, password: '' });
  const login = data(await anon('/user/login', { account: env.DEMO_ACCOUNT, password: env.DEMO_PASSWORD }));
  mark(login?.token, 'token');
  const demo = user(login?.token, 'demo');
  const opLogin = data(
    await send(
      '/api/admin/auth/login',
      { username: env.DEMO_ADMIN, password: env.DEMO_ADMIN_PASSWORD },
      {},
      'anon',
    ),
  );
  mark(opLogin?.token, 'token');
  const op = admin(opLogin?.token ?? '');
  await op('/auth/me');

  // ------------------------------------------------------------------ a new user: register, KYC, card, deposit
  const account = 'capture01';
  await anon('/user/register', { account, pwd: 'secret-pass-1', pwd1: 'short' });
  await anon('/user/register', {
    account,
    pwd: 'secret-pass-1',
    pwd1: 'secret-pass-1',
    inviter: env.DEMO_INVITE_CODE,
  });
  const l2 = data(await anon('/user/login', { account, password: 'secret-pass-1' }));
  mark(l2?.token, 'token');
  const fresh = user(l2?.token, account);
  await fresh('/user/getUserinfo');
  const boundary = 'capture-boundary';
  const upload = async () => {
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="card"; filename="photo.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const r = await send(
      '/api/vue/common/upload1',
      { file: 'photo.jpg (4×4 jpeg)' },
      { token: l2?.token ?? '', 'content-type': `multipart/form-data; boundary=${boundary}` },
      account,
      Buffer.concat([head, JPEG, tail]),
    );
    mark(data(r), 'upload');
    return data(r) as string;
  };
  const front = await upload();
  const back = await upload();
  await fresh('/user/shiming', {
    realname: '田中 花子',
    id_card: 'ID12345678',
    frontcard: front,
    backcard: back,
    privacy: '1',
  });
  const kyc = data(await op('/kyc/list', { status: 'pending', size: 200 }));
  const kycRow = kyc?.list?.find((r: Json) => r.account === account);
  await op('/kyc/decide', { id: kycRow?.id, approve: true });
  await fresh('/user/setPasswords', { new_pass: '112233', new_passs: '1122' });
  await fresh('/user/setPasswords', { new_pass: '112233', new_passs: '112233' });
  await fresh('/user/addCard', {
    realname: '田中 花子',
    bank_num: '7123456',
    bank_name: '三菱UFJ銀行',
    bank_address: '新宿支店',
    bank_code: '123',
    account_type: 'ordinary',
  });
  const cards = data(await fresh('/user/cardList', { page: 1, size: 200 }));
  const cardId = cards?.[0]?.id;
  await fresh('/common/config');
  for (const lang of LANGS) await fresh('/common/recharge_channel', { type: 'jpy', lang });
  await fresh('/common/recharge_channel', { type: 'usd' });
  const jpyChannels = data(await fresh('/common/recharge_channel', { type: 'jpy' }));
  const channel = jpyChannels?.find((c: Json) => c.open) ?? jpyChannels?.[0];
  const proof = await upload();
  await fresh(
    '/user/chongzhi',
    { money: '500000', type: 'jpy', rjpz: proof, channel: channel?.id, rpassword: 'wrong' },
    true,
  );
  const dep = data(
    await fresh(
      '/user/chongzhi',
      {
        money: '500000',
        type: 'jpy',
        rjpz: proof,
        channel: channel?.id,
        rpassword: env.DEMO_CHANNEL_PASSWORD,
      },
      true,
    ),
  );
  await fresh('/user/ischongzhi', { type: 'jpy', money: '500000' });
  await fresh('/user/ischongzhi', {
    type: 'jpy',
    money: '500000',
    channel: channel?.id,
    rpassword: env.DEMO_CHANNEL_PASSWORD,
  });
  await op('/deposits/list', { status: 'pending', size: 200 });
  await op('/deposits/decide', { id: dep?.id, approve: true });
  await fresh('/user/withdrawal', { money: '1', bankid: cardId, passwords: '112233', type: 'jpy' }, true);
  await fresh('/user/withdrawal', { money: '20000', bankid: cardId, passwords: '000000', type: 'jpy' }, true);
  const wd = data(
    await fresh(
      '/user/withdrawal',
      { money: '20000', bankid: cardId, passwords: '112233', type: 'jpy' },
      true,
    ),
  );
  await fresh('/user/withdrawable', { type: 'jpy' });
  await op('/withdrawals/list', { status: 'pending', size: 200 });
  await op('/withdrawals/decide', { id: wd?.id, approve: false, reason: 'capture: refused on purpose' });
  await fresh('/user/withdrawallist', { type: 'jpy' });
  await fresh('/user/rechargelist', { type: 'jpy' });
  await fresh('/user/capitalloglist', { type: 'jpy' });
  await fresh('/user/capitalloglist', { type: 'jpy', page: 1, size: 2 });

  // ------------------------------------------------------------------ the demo user: info, config, records
  for (const lang of LANGS) {
    await demo('/user/getUserinfo', { lang });
    await demo('/common/config', { lang });
  }
  await demo('/user/assets_summary', { type: 'jpy' });
  await demo('/user/cardList', {});
  await demo('/user/security');
  await demo('/user/sessions');
  for (const lang of LANGS) await demo('/user/capitalloglist', { type: 'jpy', lang });
  await demo('/user/rechargelist', { type: 'jpy' });
  await demo('/user/withdrawallist', { type: 'jpy' });
  await demo('/user/support_info', {});

  // ------------------------------------------------------------------ quotes
  for (const lang of LANGS) {
    await anon('/trade/search', { content: '7203', type: 'jpy', lang });
    await anon('/parameter/zhishu', { type: 'jpy', lang });
    await anon('/parameter/top', { type: 'jpy', rank: 'active', limit: 5, lang });
    await anon('/trade/stockdetails', { symbol: '7203', type: 'jpy', lang });
  }
  await anon('/trade/search', { content: 'AAPL', type: 'usd' });
  await anon('/trade/stockdetails', { symbol: 'AAPL', type: 'usd' });
  await anon('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: '1D', limit: 20 });
  await anon('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: '5', limit: 20 });
  await anon('/trade/kline', { symbol: 'NOPE', type: 'jpy' });
  await anon('/common/calendar', { type: 'jpy' });
  await demo('/user/addOptional', { symbol: '7203', type: 'jpy' });
  await demo('/user/Optionallist', { type: 'jpy' });
  await demo('/user/removeOptional', { symbol: '7203', type: 'jpy' });

  // ------------------------------------------------------------------ trading: buy, positions, sell, orders
  await demo(
    '/trade/buy_stock',
    { symbol: '7203', zhang: '100', ganggan: '1', buyzd: '1', gdlx: '1', type: 'jpy' },
    true,
  );
  await demo(
    '/trade/buy_stock',
    { symbol: '6758', zhang: '100', ganggan: '2', buyzd: '1', gdlx: '1', type: 'jpy' },
    true,
  );
  await demo(
    '/trade/buy_stock',
    { symbol: '7203', zhang: '100', ganggan: '1', buyzd: '1', gdlx: '2', buy_price: '1', type: 'jpy' },
    true,
  );
  await demo(
    '/trade/buy_stock',
    { symbol: '7203', zhang: '100', ganggan: '1', buyzd: '1', gdlx: '2', buy_price: '2600', type: 'jpy' },
    true,
  );
  await demo(
    '/trade/buy_stock',
    { symbol: 'AAPL', zhang: '1', ganggan: '1', buyzd: '1', gdlx: '1', type: 'jpy' },
    true,
  );
  await demo(
    '/trade/buy_stock',
    { symbol: '7203', zhang: '150', ganggan: '1', buyzd: '1', gdlx: '1', type: 'jpy' },
    true,
  );
  const open: Json[] = [];
  for (const lang of LANGS) {
    const d = data(await demo('/trade/userstocklist', { type: 'jpy', lang }));
    if (lang === 'jp') open.push(...rowsOf(d));
  }
  const first = open[0];
  if (first) {
    await demo('/trade/stockdetail', { id: first.id, type: 'jpy' });
    await demo('/trade/exit_order', { id: first.id, type: 'jpy', kind: 'limit', limit_price: '99999' });
    const exits = data(await demo('/trade/exit_orders', { type: 'jpy' }));
    const exit = Array.isArray(exits) ? exits[0] : rowsOf(exits)[0];
    if (exit) await demo('/trade/exit_cancel', { id: exit.id, type: 'jpy' });
    await demo('/trade/sell_stock', { id: first.id, type: 'jpy' }, true);
  }
  const pending = open.find((p) => p.gdlx === 2 && p !== first);
  if (pending) await demo('/trade/cancel_stock', { id: pending.id, type: 'jpy' });
  for (const lang of LANGS) await demo('/trade/userstocklists', { type: 'jpy', lang });
  await demo('/trade/userstocklist', { type: 'jpy', dz_type: '3' });
  await demo('/user/capitalloglist', { type: 'jpy', page: 1, size: 5 });

  // ------------------------------------------------------------------ new shares
  const offerings: Json[] = [];
  for (const lang of LANGS) {
    const d = data(await demo('/trade/placinglist', { type: 'jpy', lang }));
    if (lang === 'jp' && Array.isArray(d)) offerings.push(...d);
  }
  await demo('/trade/placinglist', { type: 'jpy', status: '1' });
  const now = T0 / 1000;
  const offering = offerings.find((o) => o.start <= now && now <= o.end);
  const upcoming = offerings.find((o) => o.start > now);
  if (offering) await demo('/trade/buy_newstock', { id: offering.id, zhang: '100', type: 'jpy' }, true);
  if (upcoming) await demo('/trade/buy_newstock', { id: upcoming.id, zhang: '100', type: 'jpy' }, true);
  await demo('/trade/usernewstocklist', { type: 'jpy' });
  await op('/ipo/list', {});
  await op('/ipo/applications', {});

  // ------------------------------------------------------------------ block trades, copy trade
  for (const lang of LANGS) await demo('/trade/nbhllist', { type: 'jpy', lang });
  await demo('/trade/nbhllist', { type: 'jpy', dz_type: '2' });
  await demo('/trade/ustockslist', { type: 'jpy' });
  await op('/block/offerings', {});
  await op('/block/subscriptions', {});
  for (const lang of LANGS) await demo('/trade/productlist', { type: 'jpy', lang });
  const products = data(await demo('/trade/productlist', { type: 'jpy' }));
  const product = Array.isArray(products) ? products[0] : products?.list?.[0];
  if (product) await demo('/trade/productdetail', { id: product.id, type: 'jpy' });
  await demo('/trade/userproductlist', { type: 'jpy' });
  await op('/product/list', {});
  await op('/product/stakes', {});

  // ------------------------------------------------------------------ day trading, stock lending, loans
  await demo('/trade/rnjy', { money: '1', type: 'jpy' }, true);
  await demo('/trade/rnjy', { money: '1000000', type: 'jpy' }, true);
  for (const lang of LANGS) await demo('/trade/urnjylist', { type: 'jpy', lang });
  await op('/daytrades/list', { status: 'pending', size: 200 });
  for (const lang of LANGS) await demo('/trade/lendlist', { type: 'jpy', lang });
  await demo('/trade/userlendlist', { type: 'jpy' });
  await op('/lending/loans', {});
  await op('/lending/rates', { market: 'jpy' });
  await demo('/user/loaninfo', { type: 'jpy' });
  await demo('/user/loaninfo', { type: 'jpy', money: '100000' });
  await demo('/user/to_jq', { type: 'jpy', money: '100000' }, true);
  await demo('/user/loanlist', { type: 'jpy' });
  await op('/loans/list', { status: 'pending', size: 200 });

  // ------------------------------------------------------------------ content
  for (const lang of LANGS) {
    const news = data(await anon('/common/newss', { page: 1, size: 3, lang }));
    const item = news?.list?.[0];
    if (item) await anon('/common/newsinfo', { id: item.id, lang });
    for (const name of ['protocol', 'privacy', 'about']) await anon('/common/wenben', { name, lang });
    const notices = data(await demo('/user/notice', { lang }));
    const notice = Array.isArray(notices) ? notices[0] : notices?.list?.[0];
    if (notice) await demo('/user/noticedetail', { id: notice.id, lang });
  }
  await anon('/common/wenben', { name: '用户协议' });

  // ------------------------------------------------------------------ operator lists
  await op('/queues/counts');
  const users = data(await op('/users/list', {}));
  const someone = users?.list?.find((u: Json) => u.account === env.DEMO_ACCOUNT);
  if (someone) await op('/users/detail', { id: someone.id });
  await op('/config/list');
  await op('/channels/list');
  await op('/audit/list', {});
  await op('/ledger/reconcile');
  await op('/operators/list');
  await op('/calendar/closures', {});
  await op('/support/list', {});
  await op('/kyc/list', { status: 'all', size: 200 });
  await op('/deposits/list', { status: 'all', size: 200 });
  await op('/withdrawals/list', { status: 'all', size: 200 });
  await op('/queues/counts');

  // ------------------------------------------------------------------ sign out
  await fresh('/user/logout');
  await fresh('/user/getUserinfo');

  await app.close();
  await handle.close();
  rmSync(uploads, { recursive: true, force: true });

  writeFileSync(
    out,
    `${normalise(JSON.stringify(entries, null, 1), volatile, [started - 5000, Date.now() + 5000])}\n`,
  );
  console.log(`${entries.length} calls written to ${out}`);
  for (const m of mismatches)
    console.error(`reply does not match the contract: ${m.url}\n  ${m.problems.join('\n  ')}`);
}

/** Replaces the volatile values by placeholders (see the file's header). */
function normalise(text: string, volatile: Map<string, string>, realTime: [number, number]): string {
  let s = text;
  // Rows the database stamps itself (its now(), not the app's clock) carry the real time of the run.
  const [from, to] = realTime;
  s = s.replace(/(?<=[:[,] *)\d{10}(\d{3})?(?=[,\n\]])/g, (t) => {
    const ms = t.length === 10 ? Number(t) * 1000 : Number(t);
    return ms >= from - 1000 && ms <= to ? '"<now>"' : t;
  });
  for (const [value, placeholder] of volatile) s = s.split(value).join(placeholder);
  return s
    .replace(/([?&]sig=)[0-9a-f]+/g, '$1<sig>')
    .replace(/(uploads\/)[0-9a-f]{32}/g, '$1<file>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
}

const out = process.argv[2];
if (!out) {
  console.error('usage: npx tsx scripts/wire-capture.ts <out.json>');
  process.exit(2);
}
await main(out);
