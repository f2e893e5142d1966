import { request as httpRequest } from 'node:http';
import { translate } from '@kabuto/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { dataValue, openScreen } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { apiCall, confirmDialog, placeOrder } from './support/trading.ts';
import { expectToast, submitLogin, waitForRoute } from './support/web.ts';

explainSkip('screens');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const tid = (id: string) => `[data-testid="${id}"]`;

/** GET over plain HTTP with an Accept-Encoding, without decoding: the headers and the size on the wire. */
function rawGet(url: string, encoding: string): Promise<{ headers: Record<string, unknown>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => resolve({ headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Another phone signed in with `page`'s session (stored before each page of the app loads). */
async function phoneWithSession(page: Page): Promise<Browser> {
  const session = {
    tokend: (await page.evaluate(() => localStorage.getItem('tokend'))) ?? '',
    account: (await page.evaluate(() => localStorage.getItem('account'))) ?? '',
  };
  const phone = await launchBrowser();
  await phone.page.addInitScript((s) => {
    if (location.protocol !== 'about:') for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, session);
  return phone;
}

describe.skipIf(!hasChromium())(
  'screens: compressed transfer, home outline, search across markets, orders apart from holdings, record words',
  () => {
    let server: RunningServer;
    let browser: Browser;

    const step = browserSteps(() => browser, 'screens');

    beforeAll(async () => {
      // inside the Tokyo morning session, so that orders can be placed
      server = await startServer({ env: { KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00' } });
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    step('the entry script travels as Brotli or gzip, immutable; index.html is revalidated', async () => {
      const page = await rawGet(`${server.url}/`, 'gzip, deflate, br');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = await (await fetch(`${server.url}/`)).text();
      const entry = /<script[^>]+src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
      expect(entry).toBeTruthy();
      const plain = await rawGet(`${server.url}${entry}`, 'identity');
      const br = await rawGet(`${server.url}${entry}`, 'br');
      const gz = await rawGet(`${server.url}${entry}`, 'gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(br.bytes).toBeLessThan(plain.bytes / 2);
      expect(gz.bytes).toBeLessThan(plain.bytes / 2);
      for (const r of [plain, br, gz]) {
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
      }
    });

    step('one version on the splash and the menu; an unknown route says so', async () => {
      const { page } = browser;
      await page.goto(`${server.url}/`);
      await expect.poll(() => page.locator('.k-splash-foot').textContent()).toBe('Ver. 1.0.0');
      await waitForRoute(page, '/login/login', 30_000);
      await page.goto(`${server.url}/#/no/such/screen`);
      await page.locator(tid('not-found')).waitFor();
      expect(await page.locator(tid('not-found')).textContent()).toContain('ページが見つかりません');
      await page.locator(tid('not-found-home')).click();
      await waitForRoute(page, '/login/login', 30_000);
    });

    step('home shows its outline, not a spinner, while its code is on the way', async () => {
      const { page } = browser;
      await submitLogin(page, DEMO);
      await waitForRoute(page, '/home/index');
      await page.locator(tid('home-header')).waitFor();
      await page.goto(`${server.url}/#/mine/menu`);
      await expect.poll(() => page.locator('.k-version').textContent()).toBe('バージョン 1.0.0');

      // a second phone with the same session opens home directly, home's code held back as on a slow link
      const slow = await phoneWithSession(page);
      try {
        let release: () => void = () => {};
        const held = new Promise<void>((r) => {
          release = r;
        });
        await slow.page.route(/\/assets\/home-page-[^/]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await slow.page.goto(`${server.url}/#/home/index`);
        await slow.page.locator(tid('home-skeleton')).waitFor({ state: 'visible', timeout: 20_000 });
        expect(await slow.page.locator('.k-spinner').count()).toBe(0);
        await slow.screenshot('screens-home-skeleton');
        release();
        await slow.page.locator(tid('home-header')).waitFor();
        expect(await slow.page.locator(tid('home-skeleton')).count()).toBe(0);
      } finally {
        await slow.close();
      }
    });

    step('a reopened screen asks each of its opening reads once; a pull down refreshes home', async () => {
      const phone = await phoneWithSession(browser.page);
      try {
        const asked = new Map<string, number>();
        phone.page.on('request', (r) => {
          const path = new URL(r.url()).pathname;
          if (path.startsWith('/api/vue/')) asked.set(path, (asked.get(path) ?? 0) + 1);
        });
        const shellCode: string[] = [];
        phone.page.on('request', (r) => {
          if (/\/assets\/(shell|screens)-[^/]+\.js$/.test(r.url())) shellCode.push(r.url());
        });

        // home, opened cold: its reads go out with its code (sent by the entry), each once
        await phone.page.goto(`${server.url}/#/home/index`);
        await phone.page.locator(tid('home-total')).waitFor();
        await expect.poll(() => asked.get('/api/vue/parameter/top') ?? 0).toBe(1);
        await phone.page.waitForTimeout(500);
        for (const path of ['getUserinfo', 'assets_summary', 'notice'])
          expect(asked.get(`/api/vue/user/${path}`), path).toBe(1);
        for (const path of ['zhishu', 'top']) expect(asked.get(`/api/vue/parameter/${path}`), path).toBe(1);
        // the signed-in start's code was asked for by the preload beside the entry, and once only
        expect(new Set(shellCode).size).toBe(shellCode.length);
        expect(shellCode.length).toBeGreaterThanOrEqual(2);

        // a pull down from the top of home: the head says what releasing does, then home asks again
        asked.clear();
        const cdp = await phone.context.newCDPSession(phone.page);
        const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
          cdp.send('Input.dispatchTouchEvent', {
            type,
            touchPoints: type === 'touchEnd' ? [] : [{ x: 180, y }],
          });
        await touch('touchStart', 200);
        for (let y = 210; y <= 500; y += 15) await touch('touchMove', y);
        await expect
          .poll(() => phone.page.locator(tid('pull-to-refresh')).getAttribute('data-status'))
          .toBe('canRelease');
        expect(await phone.page.locator('.k-pull-head-content').textContent()).toBe('指を離して更新');
        await touch('touchEnd', 500);
        await expect.poll(() => asked.get('/api/vue/user/getUserinfo') ?? 0).toBe(1);
        await expect.poll(() => asked.get('/api/vue/user/notice') ?? 0).toBe(1);
        await expect
          .poll(() => phone.page.locator(tid('pull-to-refresh')).getAttribute('data-status'), {
            timeout: 5000,
          })
          .toBe('pulling');
        // and closes its head again
        await expect
          .poll(() => phone.page.locator('.k-pull-head').evaluate((e) => e.getBoundingClientRect().height))
          .toBe(0);

        // a short pull springs back without asking
        asked.clear();
        await touch('touchStart', 200);
        for (let y = 205; y <= 260; y += 10) await touch('touchMove', y);
        await touch('touchEnd', 260);
        await phone.page.waitForTimeout(600);
        expect(asked.get('/api/vue/user/getUserinfo') ?? 0).toBe(0);

        // a stock's page, opened cold: its details and the watchlist, each once
        await phone.page.goto('about:blank');
        asked.clear();
        await phone.page.goto(`${server.url}/#/quotes/info?symbol=7203&type=jpy`);
        await phone.page.locator('.k-info-price').waitFor();
        await phone.page.waitForTimeout(500);
        expect(asked.get('/api/vue/trade/stockdetails')).toBe(1);
        expect(asked.get('/api/vue/user/Optionallist')).toBe(1);
        // each file is linked once for each use, by the preload script or by a lazy import (the order
        // sheet's, after the price), and none of the entry's own modules, loaded already (a stylesheet
        // may have both a preload, to come early, and its stylesheet link, to apply)
        const links = () =>
          phone.page.evaluate(() =>
            Array.from(
              document.querySelectorAll('link[href]'),
              (l) => `${l.getAttribute('rel')} ${(l as HTMLLinkElement).href}`,
            ),
          );
        await expect
          .poll(async () => (await links()).some((h) => /\/order-sheet-[^/]+\.js$/.test(h)))
          .toBe(true);
        const linked = await links();
        expect(linked.filter((h, i) => linked.indexOf(h) !== i)).toEqual([]);
        expect(linked.filter((h) => /\/assets\/index-[^/]+\.js$/.test(h))).toEqual([]);
        expect(phone.errors).toEqual([]);
      } finally {
        await phone.close();
      }
    });

    step(
      'search from the Japanese market finds AAPL, Samsung and Moutai, each with its market badge',
      async () => {
        const { page } = browser;
        await page.goto(`${server.url}/#/quotes/search`);
        await page.locator(tid('market-jpy')).click();
        expect(await page.locator(tid('market-jpy')).getAttribute('aria-selected')).toBe('true');
        const first = page.locator(tid('search-result')).first();
        for (const [query, symbol, badge] of [
          ['AAPL', 'AAPL', '米国'],
          ['apple', 'AAPL', '米国'],
          ['005930', '005930', '韓国'],
          ['サムスン', '005930', '韓国'],
          ['茅台', '600519', '中国'],
        ]) {
          await page.locator(tid('search-input')).fill(query);
          await expect.poll(() => first.getAttribute('data-symbol')).toBe(symbol);
          expect(await first.locator(tid('market-badge')).textContent()).toBe(badge);
        }
        // the chosen market ranks first; the others still follow
        await page.locator(tid('search-input')).fill('マクドナルド');
        await expect
          .poll(() =>
            page.locator(tid('search-result')).evaluateAll((els) => els.map((e) => e.dataset.symbol)),
          )
          .toEqual(['2702', 'MCD']);
        await page.locator(tid('market-usd')).click();
        await expect
          .poll(() =>
            page.locator(tid('search-result')).evaluateAll((els) => els.map((e) => e.dataset.symbol)),
          )
          .toEqual(['MCD', '2702']);
        await page.locator(`${tid('search-result')}[data-symbol="MCD"]`).click();
        await waitForRoute(page, '/quotes/info');
        expect(page.url()).toContain('type=usd');
        await page.goto(`${server.url}/#/quotes/search`);
        await page.locator(tid('market-jpy')).click();
      },
    );

    step('a pending limit order is in the orders list, not among the holdings', async () => {
      const { page } = browser;
      await page.goto(`${server.url}/#/quotes/info?symbol=7203&type=jpy`);
      await page.locator(tid('buy-long')).waitFor();
      // market data is JSON numbers on the wire (docs/wire.md, "Numbers, money and times")
      const quote = await apiCall<{ data: { limitDown: number } }>(page, '/trade/stockdetails', {
        symbol: '7203',
        type: 'jpy',
      });
      const limitDown = String(quote.data.limitDown);
      await placeOrder(page, { direction: 'long', leverage: 2, quantity: 100, limitPrice: limitDown });
      await expectToast(page, translate('ok.bought', 'jp'));

      await page.goto(`${server.url}/#/position/index?tab=holding`);
      await page.locator(tid('position-summary')).waitFor();
      await page.locator(`${tid('pos-tab-holding')}[aria-selected="true"]`).waitFor();
      // holdings: what is held only
      await expect.poll(() => page.locator(`${tid('position-row')}[data-status="3"]`).count()).toBe(0);
      expect(await page.locator(tid('order-row')).count()).toBe(0);

      await page.locator(tid('pos-tab-orders')).click();
      const order = page.locator(`${tid('order-row')}[data-status="3"]`).first();
      await order.waitFor({ timeout: 20_000 });
      expect(await order.locator(tid('order-status')).textContent()).toBe('注文中');
      expect(await order.locator(tid('order-qty')).textContent()).toBe('100');
      const limitShown = (await order.locator(tid('order-limit')).textContent()) ?? '';
      expect(Number(limitShown.replace(/,/g, ''))).toBe(Number(limitDown));
      // an order holds nothing yet: no P&L, no current price
      expect(await order.locator(tid('position-pnl')).count()).toBe(0);
      expect(await order.locator(tid('position-now')).count()).toBe(0);
      expect(await order.textContent()).not.toContain('評価損益');

      // cancelled, it stays in the orders list and never reaches the closed positions
      await order.locator(tid('order-cancel')).click();
      await confirmDialog(page);
      await expectToast(page, translate('ok.cancelled', 'jp'));
      await page
        .locator(`${tid('order-row')}[data-status="4"]`)
        .first()
        .waitFor();
      await page.locator(tid('pos-tab-sold')).click();
      await page.locator(`${tid('pos-tab-sold')}[aria-selected="true"]`).waitFor();
      await expect.poll(() => page.locator(`${tid('position-row')}[data-status="4"]`).count()).toBe(0);
    });

    step('an exchange record reads 円→米ドル with the rate as 1USD in yen', async () => {
      const { page } = browser;
      await openScreen(page, server.url, '/mine/exchange');
      await expect.poll(() => dataValue(page, 'exchange-from-balance')).toMatch(/^\d+\.\d{4}$/);
      await page.fill('input[name=money]', '50000');
      await expect.poll(() => dataValue(page, 'exchange-converted')).toMatch(/^\d+\.\d{4}$/);
      await page.locator(tid('exchange-submit')).click();
      await confirmDialog(page);
      await expectToast(page, translate('ok.exchanged', 'jp'));

      await openScreen(page, server.url, '/mine/transactionRecords?tab=funds');
      const records = page.locator(`${tid('fund-record')}[data-kind="exchange"]`);
      await records.first().waitFor();
      expect(await records.count()).toBe(2);
      for (const i of [0, 1]) {
        const r = records.nth(i);
        expect(await r.locator(tid('record-title')).textContent()).toBe('両替');
        expect(await r.locator(tid('record-detail')).textContent()).toMatch(
          /^円→米ドル 1USD=\d{2,3}\.\d{2}円$/,
        );
        expect(await r.textContent()).not.toMatch(/->|rate/);
      }
      await browser.screenshot('screens-exchange-records');
      expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    });
  },
);
