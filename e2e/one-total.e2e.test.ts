import { rmSync } from 'node:fs';
import { ADMIN_API_BASE } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Browser, browserSteps, explainSkip, launchBrowser } from './support/browser.ts';
import { dataValue, openScreen } from './support/money.ts';
import { freePort, newDataDir, type RunningServer, startServer } from './support/server.ts';
import { apiCall, type Reply } from './support/trading.ts';
import { login, openApp } from './support/web.ts';

explainSkip('one total');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const FUND_PASSWORD = '246810';
const OPERATOR = {
  username: process.env.DEMO_ADMIN ?? 'admin',
  password: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};
const tid = (id: string) => `[data-testid="${id}"]`;
// the business clock all but stands still while the screens are read, so the quotes (and the P&L) do too
const SLOW = '0.001';

/**
 * Total assets in yen, to the yen, on every screen that shows them (home, My page, the user panel, the
 * positions page) and in `/user/assets_summary`, with everything that once made them differ at once: a
 * day-trading line partly used, a copy-trade stake, an open position in US dollars and a pending withdrawal.
 * The server is started in New York's session for the US buy, then restarted on the same data in Tokyo's.
 */
describe('one total assets on every screen at 375×812', () => {
  let server: RunningServer;
  let browser: Browser;
  let port: number;
  let dataDir: string;

  const start = async (clock: string) => {
    await server?.stop();
    server = await startServer({
      dataDir,
      port,
      env: { KABUTO_CLOCK_START: clock, KABUTO_CLOCK_SPEED: SLOW },
      // a first start may build the apps on a busy machine
      timeoutMs: 400_000,
    });
  };
  const step = browserSteps(() => browser, 'one-total');
  const ok = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const r = await apiCall<Reply<T> & { code?: string }>(browser.page, path, body);
    expect(r.status, `${path}: ${r.code} ${r.msg}`).toBe(1);
    return r.data;
  };
  const operator = async (path: string, body: Record<string, unknown>, token = '') => {
    const res = await fetch(`${server.url}${ADMIN_API_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const r = (await res.json()) as { status: number; code?: string; data: Record<string, unknown> };
    expect(r.status, `${path}: ${r.code}`).toBe(1);
    return r.data;
  };

  beforeAll(async () => {
    port = await freePort();
    dataDir = newDataDir();
    // Monday 10:00 in New York (Tuesday 00:00 in Tokyo)
    await start('2026-11-23T10:00:00-05:00');
    browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
    // two starts of the server on a busy machine
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  step(
    'sets up a US position, a pending withdrawal, a used day-trading line and a copy-trade stake',
    async () => {
      const { page } = browser;
      expect(await openApp(page, server.url)).toBe('login');
      await login(page, DEMO);
      await ok('/user/rotation', { money: '6000000', from: 'jpy', to: 'usd' });
      await ok('/trade/buy_stock', {
        type: 'usd',
        buyzd: 1,
        gdlx: 1,
        ganggan: 1,
        symbol: 'AAPL',
        zhang: '100',
      });

      // Tuesday 10:00 in Tokyo
      await start('2026-11-24T10:00:00+09:00');
      await page.goto(`${server.url}/#/home/index`);
      await page.locator(tid('home-header')).waitFor();
      const { token } = (await operator('/auth/login', OPERATOR)) as { token: string };
      // the withdrawal waits beside the held stocks (the demo's rule would refuse it while they are held)
      await operator(
        '/config/set',
        { name: 'withdraw_block_positions', value: 'false', reason: 'one total test' },
        token,
      );
      const cards = await ok<{ id: string }[]>('/user/cardList', {});
      await ok('/user/withdrawal', {
        money: '10000',
        bankid: cards[0].id,
        passwords: FUND_PASSWORD,
        type: 'jpy',
      });
      const line = await ok<{ id: string }>('/trade/rnjy', { money: '1000000', type: 'jpy' });
      await operator('/daytrades/decide', { id: line.id, approve: true }, token);
      await ok('/trade/buy_stock', {
        type: 'jpy',
        buyzd: 1,
        gdlx: 1,
        ganggan: 2,
        symbol: '7203',
        zhang: '100',
        dz_type: 3,
      });
      const products = await ok<{ id: string; scday: number }[]>('/trade/productlist', { type: 'jpy' });
      await ok('/trade/buy_product', {
        type: 'jpy',
        id: products[0].id,
        money: '100000',
        password: FUND_PASSWORD,
      });
    },
  );

  step(
    'home, My page, the user panel and positions show the summary’s total, to the yen',
    async () => {
      const { page } = browser;
      const summary = await ok<{
        total: string;
        cash: string;
        frozen: string;
        reserved: string;
        margin: string;
        stake: string;
        pnl: string;
        positions: number;
      }>('/user/assets_summary', {});
      expect(summary.positions).toBe(2);
      expect(summary.reserved).toBe('10000.0000');
      expect(summary.stake).toBe('100000.0000');
      const yen = (v: string | null) => String(v).split('.')[0];
      const seen: Record<string, string | null> = {};
      const read = async (where: string, testid: string) => {
        // a screen may first paint what it read before (its last answer); it asks again as it opens
        await expect
          .poll(async () => yen(await dataValue(page, `${testid}-value`)), { timeout: 60_000 })
          .toBe(yen(summary.total));
        seen[where] = await dataValue(page, `${testid}-value`);
        // the breakdown on screen adds up to it
        await page.locator(tid(`${testid}-toggle`)).click();
        await page.locator(tid(`${testid}-breakdown`)).waitFor();
        expect(await dataValue(page, `${testid}-stake`)).toBe(summary.stake);
        expect(await dataValue(page, `${testid}-reserved`)).toBe(summary.reserved);
        await browser.screenshot(`one-total-${where}`);
      };

      // the set-up's calls went past the screens (straight to the API) with home open: load it afresh, as
      // going to the route it is already on changes nothing
      await openScreen(page, server.url, '/home/index');
      await page.reload();
      await read('home', 'home-total');
      await openScreen(page, server.url, '/mine/myPage');
      await read('mypage', 'mypage-total');
      await openScreen(page, server.url, '/position/index?tab=holding');
      await read('positions', 'position-total');
      await openScreen(page, server.url, '/home/index');
      await page.locator(tid('mypage-button')).click();
      await read('panel', 'panel-total');

      for (const [where, value] of Object.entries(seen)) expect(yen(value), where).toBe(yen(summary.total));
    },
    600_000,
  );
});
