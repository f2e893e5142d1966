import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { apiCall, confirmDialog, placeOrder, searchAndOpen } from './support/trading.ts';
import { expectToast, localValue, login, openApp, waitForRoute } from './support/web.ts';

explainSkip('trading');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const tid = (id: string) => `[data-testid="${id}"]`;

interface Reply<T> {
  status: number;
  data: T;
  msg?: string;
}
interface RecordRow {
  kind: string;
  order_number: string;
  money?: string;
  amount?: string;
}

describe.skipIf(!hasChromium())(
  'trading: search, chart, watchlist, buy, live P&L, close, limit order',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let orderNo = '';

    const step = browserSteps(() => browser, 'trading');

    beforeAll(async () => {
      // inside the Tokyo morning session; the clock runs fast so prices visibly move
      server = await startServer({
        env: { KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00', KABUTO_CLOCK_SPEED: '5' },
      });
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    step('logs in as the demo user and sees indices, rankings and the five tabs', async () => {
      const { page } = browser;
      expect(await openApp(page, server.url)).toBe('login');
      await login(page, DEMO);
      await page.locator(`${tid('index-card')}[data-symbol="N225"]`).waitFor();
      await page.locator(tid('quote-row')).first().waitFor();
      for (const tab of ['home', 'watchlist', 'positions', 'news', 'menu']) {
        await page.locator(tid(`tab-${tab}`)).waitFor();
      }
      await page.locator(tid('rank-rise')).click();
      await page.locator(tid('quote-row')).first().waitFor();
      expect(await localValue(page, 'stock')).toBe('jpy');
    });

    step('searches Toyota and opens its detail; the search is remembered', async () => {
      const { page } = browser;
      await page.locator(tid('home-search')).click();
      await waitForRoute(page, '/quotes/search');
      await searchAndOpen(page, '7203', '7203');
      await waitForRoute(page, '/quotes/info');
      await expect.poll(() => page.locator(tid('info-price')).textContent()).toMatch(/\d/);
      expect(await page.locator(tid('session-state')).textContent()).toBe('取引中');
      const history = JSON.parse((await localValue(page, 'searchList')) ?? '[]') as { symbol: string }[];
      expect(history[0]?.symbol).toBe('7203');
    });

    step('switches chart periods, indicators and adjustment', async () => {
      const { page } = browser;
      const chart = page.locator(tid('kline-chart'));
      await chart.locator('canvas').first().waitFor();
      for (const period of ['5', '1D', '1W', '1']) {
        await page.locator(tid(`period-${period}`)).click();
        await expect.poll(() => chart.getAttribute('data-period')).toBe(period);
      }
      await page.locator(tid('period-1D')).click();
      await page.locator(tid('ind-EMA')).click();
      await page.locator(tid('ind-BOLL')).click();
      expect(await page.locator(tid('ind-BOLL')).getAttribute('aria-pressed')).toBe('true');
      for (const sub of ['MACD', 'KDJ', 'RSI']) {
        await page.locator(tid(`ind-${sub}`)).click();
        await expect.poll(() => chart.getAttribute('data-sub')).toBe(sub);
      }
      await page.locator(tid('adjust-forward')).click();
      expect(await page.locator(tid('adjust-forward')).getAttribute('aria-pressed')).toBe('true');
      await page.locator(tid('adjust-backward')).click();
      await page.locator(tid('adjust-none')).click();
      await browser.screenshot('trading-chart');
    });

    step('adds the stock to the watchlist', async () => {
      const { page } = browser;
      const toggle = page.locator(tid('watch-toggle'));
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
      // the add and the list's refetch are two round trips: on a loaded machine more than poll's default 1 s
      await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
      await page.goto(`${server.url}/#/quotes/self`);
      await page.locator(`${tid('watch-row')}[data-symbol="7203"]`).waitFor();
    });

    step('buys 100 shares long with leverage 2 at market', async () => {
      const { page } = browser;
      await page.locator(`${tid('watch-row')}[data-symbol="7203"]`).click();
      await waitForRoute(page, '/quotes/info');
      await page.locator(tid('buy-long')).waitFor();
      await placeOrder(page, { direction: 'long', leverage: 2, quantity: 100 });
      await expectToast(page, translate('ok.bought', 'jp'));
    });

    step('watches the price and P&L of the holding move', async () => {
      const { page } = browser;
      await page.goto(`${server.url}/#/position/index`);
      const row = page.locator(`${tid('position-row')}[data-status="0"]`).first();
      await row.waitFor({ timeout: 20_000 });
      const id = (await row.getAttribute('data-id')) ?? '';
      const first = {
        now: await row.locator(tid('position-now')).textContent(),
        pnl: await row.locator(tid('position-pnl')).textContent(),
      };
      await expect
        .poll(async () => (await row.locator(tid('position-pnl')).textContent()) !== first.pnl, {
          timeout: 60_000,
        })
        .toBe(true);
      expect(await row.locator(tid('position-now')).textContent()).not.toBe(first.now);
      await browser.screenshot('trading-holding');
      const detail = await apiCall<Reply<{ order_no: string; ganggang: string; stock_num: string }>>(
        page,
        '/trade/stockdetail',
        { id, type: 'jpy' },
      );
      expect(detail.status).toBe(1);
      expect(detail.data.ganggang).toBe('2');
      expect(detail.data.stock_num).toBe('100');
      orderNo = detail.data.order_no;
    });

    step('closes the position after confirming and sees the realised P&L in the sold tab', async () => {
      const { page } = browser;
      const row = page.locator(`${tid('position-row')}[data-status="0"]`).first();
      await row.locator(tid('position-close')).click();
      await confirmDialog(page);
      await expectToast(page, translate('ok.sold', 'jp'));
      await page.locator(tid('pos-tab-sold')).click();
      const sold = page.locator(`${tid('position-row')}[data-status="1"]`).first();
      await sold.waitFor();
      await expect.poll(() => sold.locator(tid('position-pnl')).textContent()).toMatch(/\d円$/);
      await page.locator(tid('sold-total')).waitFor();
      await browser.screenshot('trading-sold');
    });

    step('has the fund records of the trade', async () => {
      const { page } = browser;
      const records = await apiCall<Reply<{ list: RecordRow[] }>>(page, '/user/capitalloglist', {
        type: 'jpy',
        page: 1,
      });
      expect(records.status).toBe(1);
      const kinds = records.data.list.filter((r) => r.order_number === orderNo).map((r) => r.kind);
      expect(kinds).toContain('stock_buy');
      expect(kinds).toContain('stock_sell');
      await page.goto(`${server.url}/#/mine/transactionRecords`);
      await page.locator(tid('page-title')).waitFor();
      await browser.screenshot('trading-records');
    });

    step('places a limit order far below the price; it pends and is cancelled', async () => {
      const { page } = browser;
      await page.goto(`${server.url}/#/quotes/info?symbol=7203&type=jpy`);
      await page.locator(tid('buy-long')).waitFor();
      const quote = await apiCall<Reply<{ limitDown: number }>>(page, '/trade/stockdetails', {
        symbol: '7203',
        type: 'jpy',
      });
      // market data is a JSON number: its decimal form is what a user types
      const limitDown = String(quote.data.limitDown);
      await placeOrder(page, { direction: 'long', leverage: 2, quantity: 100, limitPrice: limitDown });
      await expectToast(page, translate('ok.bought', 'jp'));
      // a pending order is listed among the orders, not the holdings
      await page.goto(`${server.url}/#/position/index?tab=orders`);
      const pending = page.locator(`${tid('order-row')}[data-status="3"]`).first();
      await pending.waitFor({ timeout: 20_000 });
      await pending.locator(tid('order-cancel')).click();
      await confirmDialog(page);
      await expectToast(page, translate('ok.cancelled', 'jp'));
      await page.locator(`${tid('order-row')}[data-status="3"]`).waitFor({ state: 'detached' });
      await page
        .locator(`${tid('order-row')}[data-status="4"]`)
        .first()
        .waitFor();
      expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    });
  },
);
