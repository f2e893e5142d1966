import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { checkInvariants } from '@kabuto/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, fundUser, readyUser, type Session, type TestApp } from './support/app.ts';
import { softPasskey } from './support/authenticator.ts';
import { contractEndpoints, fieldsOf } from './support/fuzz.ts';

/**
 * Users never reach each other's rows. User A owns one of everything (bank card, site messages, an open
 * position, a pending limit order, a closed position, a withdrawal, a deposit, fund records); user B, fully
 * set up too, sends every user-scoped call that takes an id, once with each of A's ids, in a body that is
 * otherwise valid for B. Every attempt must be refused (by ownership, not by the shape of the body), no
 * reply to B may carry any of A's marks (name, account, bank number, order numbers), and A's rows must be
 * exactly as they were. B's own lists are searched for A's marks too. The figures are printed.
 *
 * An endpoint that takes an id but has no entry in BODIES fails the suite: a new call gets its case here.
 */
const ID_KEY = /^(id|.*_id|.*id)$/i;

type Ready = Session & { cardId: string; realname: string };
type Owned =
  | 'notices'
  | 'cards'
  | 'positions'
  | 'passkeys'
  | 'sessions'
  | 'applications'
  | 'stakes'
  | 'loans'
  | 'exits'
  | 'reports';
/**
 * For each user-scoped call with an id: which of A's rows its id names, and the rest of a body that is
 * valid for B. (Ids of different tables overlap, so each call is tried with the ids of its own table.)
 */
const BODIES: Record<string, { ids: Owned; rest: (b: Ready) => Record<string, unknown> }> = {
  '/user/noticedetail': { ids: 'notices', rest: () => ({ lang: 'jp' }) },
  '/user/editCard': {
    ids: 'cards',
    rest: (b) => ({
      realname: b.realname,
      bank_num: '7654321',
      bank_name: 'みずほ銀行',
      bank_address: '本店',
      bank_code: '001',
      account_type: 'ordinary',
    }),
  },
  '/user/delbakcard': { ids: 'cards', rest: () => ({}) },
  '/user/withdrawal': { ids: 'cards', rest: () => ({ money: '1000', passwords: '112233', type: 'jpy' }) },
  '/trade/sell_stock': { ids: 'positions', rest: () => ({ type: 'jpy' }) },
  '/trade/cancel_stock': { ids: 'positions', rest: () => ({ type: 'jpy' }) },
  '/trade/amend_stock': { ids: 'positions', rest: () => ({ type: 'jpy', zhang: 200 }) },
  '/trade/stockdetail': { ids: 'positions', rest: () => ({ type: 'jpy', lang: 'jp' }) },
  '/user/passkeyDelete': { ids: 'passkeys', rest: () => ({}) },
  '/user/sessionRevoke': { ids: 'sessions', rest: () => ({}) },
  '/trade/newstock_abstain': { ids: 'applications', rest: () => ({ type: 'jpy' }) },
  '/trade/redeem_product': { ids: 'stakes', rest: () => ({ type: 'jpy' }) },
  '/trade/lend_stock': { ids: 'positions', rest: () => ({ type: 'jpy' }) },
  '/trade/recall_stock': { ids: 'loans', rest: () => ({ type: 'jpy' }) },
  '/trade/exit_order': { ids: 'positions', rest: () => ({ type: 'jpy', kind: 'stop', stop_price: '1' }) },
  '/trade/exit_cancel': { ids: 'exits', rest: () => ({ type: 'jpy' }) },
  '/trade/exit_amend': { ids: 'exits', rest: () => ({ type: 'jpy', stop_price: '2' }) },
  '/user/report_file': { ids: 'reports', rest: () => ({}) },
};
/**
 * Ids that name shared things rather than a user's rows: a deposit channel, and a new-share offering
 * (`id` of buy_newstock and newstock_draw), and a block offering (`id` of block_draw) are the platform's.
 */
const SHARED_IDS = new Set([
  'channel',
  '/trade/buy_newstock id',
  '/trade/newstock_draw id',
  '/trade/block_draw id',
  // buy_stock's id names a block offering (is_qc 2) or an after-market row (the symbol)
  '/trade/buy_stock id',
  // a copy-trade product is the platform's catalogue
  '/trade/productdetail id',
  '/trade/buy_product id',
]);
const isShared = (path: string, key: string) => SHARED_IDS.has(key) || SHARED_IDS.has(`${path} ${key}`);

const rowsOf = (data: unknown): Record<string, unknown>[] => {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    if (Array.isArray(d.list)) return d.list as Record<string, unknown>[];
    return Object.entries(d)
      .filter(([k, v]) => /^\d+$/.test(k) && v && typeof v === 'object')
      .map(([, v]) => v as Record<string, unknown>);
  }
  return [];
};

describe.each(TEST_DB_KINDS)('cross-user on %s: every call that takes an id', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses each of another user’s ids, leaks nothing and changes nothing', async () => {
    const a = await readyUser(t, { realname: '越境 太郎', fund: '500000' });
    const b = await readyUser(t, { realname: '番人 花子', fund: '500000' });
    const op = await t.adminLogin();
    for (const s of [a, a, b]) await fundUser(t, s, '500000', 'jpy', op);

    // A's rows: a withdrawal (asked before any holding, which would stop it), an open position, a pending
    // limit order, a closed position, notices.
    const wd = expectOk(
      await t.money(
        '/user/withdrawal',
        { money: '5000', bankid: a.cardId, passwords: '112233', type: 'jpy' },
        a,
      ),
    );
    const buy = (body: Record<string, unknown>) =>
      t.money(
        '/trade/buy_stock',
        { type: 'jpy', buyzd: 1, ganggan: 1, symbol: '7203', zhang: '100', ...body },
        a,
      );
    const open = expectOk(await buy({ gdlx: 1 }));
    const closed = expectOk(await buy({ gdlx: 1 }));
    expectOk(await t.money('/trade/sell_stock', { id: closed.id, type: 'jpy' }, a));
    const quote = expectOk(await t.call('/trade/stockdetails', { symbol: '7203', type: 'jpy' }));
    const low = (Number(quote.nowprice ?? quote.price ?? 1000) * 0.9).toFixed(0);
    const pending = expectOk(await buy({ gdlx: 2, buy_price: low }));
    // a stop exit of A's on the pending order (it waits for the fill)
    const exit = expectOk(
      await t.money('/trade/exit_order', { id: pending.id, type: 'jpy', kind: 'stop', stop_price: '1' }, a),
    );
    // A's open holding is lent (a loan of shares)
    const loan = expectOk(
      await t.call('/trade/lend_stock', { id: open.id, type: 'jpy' }, { token: a.token }),
    );
    const users = expectOk(await t.admin('/users/list', { q: a.account }, op));
    const aId = rowsOf(users).find((r) => r.account === a.account)?.id;
    expectOk(await t.admin('/users/message', { id: aId, title: '越境の件', content: '越境 太郎 様へ' }, op));
    // a new-share application of A's, in a seeded offering that is subscribing
    const subscribing = expectOk(
      await t.call('/trade/placinglist', { type: 'jpy', status: 1 }, { token: a.token }),
    );
    const ipo = expectOk(
      await t.money('/trade/buy_newstock', { id: subscribing[0].id, zhang: 100, type: 'jpy' }, a),
    );

    // a copy-trade stake of A's (no lock-in, so only ownership can refuse B's redeem)
    const product = expectOk(
      await t.admin(
        '/product/create',
        {
          market: 'jpy',
          name_jp: '越境ファンド',
          name_cn: '越境基金',
          name_us: 'Cross fund',
          issuer: 'Issuer',
          target_bp: 5,
          minimum: '1000',
          capacity: '10000000',
          lock_days: 0,
          deadline: new Date(t.clock.now() + 86_400_000).toISOString(),
          ends: new Date(t.clock.now() + 30 * 86_400_000).toISOString(),
          constituents: [{ symbol: '7203', weight_bp: 10000 }],
        },
        op,
      ),
    );
    const stake = expectOk(
      await t.money('/trade/buy_product', { id: product.id, money: '5000', type: 'jpy' }, a),
    );

    // A passkey of A's (a software authenticator; passkeys need a host name, so the calls name localhost).
    const local = { host: 'localhost' };
    const { options } = expectOk(
      await t.call('/user/passkeyOptions', {}, { token: a.token, headers: local }),
    );
    expectOk(
      await t.call(
        '/user/passkeyAdd',
        { name: 'phone', credential: softPasskey().register(options) },
        { token: a.token, headers: local },
      ),
    );

    // a statement of balances of A's (a report, PDF)
    expectOk(
      await t.call('/user/report_statement', { start: '2026-11-01', end: '2026-11-23' }, { token: a.token }),
    );

    const lists = async (s: Session) => ({
      security: expectOk(await t.call('/user/security', {}, { token: s.token })),
      sessions: expectOk(await t.call('/user/sessions', {}, { token: s.token })),
      cards: expectOk(await t.call('/user/cardList', {}, { token: s.token })),
      notices: expectOk(await t.call('/user/notice', { lang: 'jp' }, { token: s.token })),
      open: expectOk(await t.call('/trade/userstocklist', { type: 'jpy' }, { token: s.token })),
      closed: expectOk(await t.call('/trade/userstocklists', { type: 'jpy' }, { token: s.token })),
      withdrawals: expectOk(await t.call('/user/withdrawallist', { type: 'jpy' }, { token: s.token })),
      deposits: expectOk(await t.call('/user/rechargelist', { type: 'jpy' }, { token: s.token })),
      records: expectOk(await t.call('/user/capitalloglist', { page: 1, type: 'jpy' }, { token: s.token })),
      ipo: expectOk(await t.call('/trade/usernewstocklist', { type: 'jpy' }, { token: s.token })),
      stakes: expectOk(await t.call('/trade/userproductlist', { type: 'jpy' }, { token: s.token })),
      lending: expectOk(await t.call('/trade/userlendlist', { type: 'jpy' }, { token: s.token })),
      lendable: expectOk(await t.call('/trade/lendlist', { type: 'jpy' }, { token: s.token })),
      exits: expectOk(await t.call('/trade/exit_orders', { type: 'jpy', lang: 'jp' }, { token: s.token })),
      reports: expectOk(await t.call('/user/reports', {}, { token: s.token })),
    });
    const before = await lists(a);
    const idsOf = (...lists: unknown[]) => [
      ...new Set(lists.flatMap((l) => rowsOf(l).map((r) => String(r.id)))),
    ];
    const owned: Record<Owned, string[]> = {
      notices: idsOf(before.notices),
      cards: idsOf(before.cards),
      positions: idsOf(before.open, before.closed),
      passkeys: idsOf(before.security.passkeys),
      sessions: idsOf(before.sessions),
      applications: idsOf(before.ipo),
      stakes: idsOf(before.stakes),
      loans: idsOf(before.lending),
      exits: idsOf(before.exits.list),
      reports: idsOf(before.reports),
    };
    expect(owned.reports).toHaveLength(1);
    expect(owned.exits).toEqual(exit.ids.map(String));
    expect(owned.stakes).toEqual([stake.id]);
    expect(owned.loans).toEqual([String(loan.id)]);
    expect(owned.applications).toEqual([String(ipo.id)]);
    expect(owned.passkeys).toHaveLength(1);
    expect(owned.sessions.length).toBeGreaterThan(0);
    expect(owned.positions).toEqual(expect.arrayContaining([open.id, closed.id, pending.id].map(String)));
    expect(owned.cards).toContain(String(a.cardId));
    expect(owned.notices.length).toBeGreaterThan(2);
    const marks = [
      a.account,
      a.realname,
      '越境',
      ...[open, closed, pending, wd].map((r) => r.order_number),
      ipo.order_no,
      stake.order_no,
    ].filter((m): m is string => typeof m === 'string' && m.length > 0);

    const calls = (await contractEndpoints(t.app)).filter(
      ({ api, e }) =>
        api === 'vue' &&
        e.auth &&
        Object.keys(fieldsOf(e.body) ?? {}).some((k) => ID_KEY.test(k) && !isShared(e.path, k)),
    );
    expect(calls.map(({ e }) => e.path).filter((p) => !BODIES[p])).toEqual([]);

    let attempts = 0;
    const accepted: string[] = [];
    const leaks: string[] = [];
    for (const { e } of calls) {
      const keys = Object.keys(fieldsOf(e.body) ?? {}).filter((k) => ID_KEY.test(k) && !isShared(e.path, k));
      for (const key of keys) {
        for (const id of owned[BODIES[e.path].ids]) {
          const body = { ...BODIES[e.path].rest(b), [key]: id };
          const r = await t.money(e.path, body, b);
          attempts++;
          const text = JSON.stringify(r.body);
          const where = `${e.path} ${key}=${id}: ${text.slice(0, 200)}`;
          if (r.body.status !== 0 || /^validation\./.test(r.body.code ?? '')) accepted.push(where);
          for (const m of marks) if (text.includes(m)) leaks.push(`${where} (shows ${m})`);
        }
      }
    }
    // B's own lists carry nothing of A's.
    const seenByB = JSON.stringify(await lists(b));
    for (const m of marks) if (seenByB.includes(m)) leaks.push(`B's lists show ${m}`);

    const after = await lists(a);
    process.stdout.write(
      `\ncross-user (${kind}): ${calls.length} calls with ids, ${attempts} attempts with another user's ids, ` +
        `${accepted.length} accepted, ${leaks.length} leaks\n`,
    );
    expect(attempts).toBeGreaterThan(0);
    expect(accepted).toEqual([]);
    expect(leaks).toEqual([]);
    expect(after).toEqual(before);
    expect((await checkInvariants(t.db)).violations).toEqual([]);
  });
});
