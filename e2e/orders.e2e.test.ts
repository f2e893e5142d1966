import { translate } from '@kabuto/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import quotesJp from '../apps/web/src/locales/jp/quotes.json' with { type: 'json' };
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { apiCall, confirmDialog, placeOrder, type Reply } from './support/trading.ts';
import { expectToast, login, openApp, waitForRoute } from './support/web.ts';

explainSkip('orders');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const tid = (id: string) => `[data-testid="${id}"]`;

/**
 * Exit orders and the order inquiry at 375×812: a stop and an OCO placed on a holding from its detail,
 * the stop fired by the server's trigger job (seen in the order list as it refreshes), the OCO's stop
 * amended and its limit cancelled from the list, then part of the holding sold.
 */
describe.skipIf(!hasChromium())('orders: stop, OCO, the order inquiry, a partial close', () => {
  let server: RunningServer;
  let browser: Browser;
  let holdingId = '';
  let price = 0;

  const step = browserSteps(() => browser, 'orders');

  beforeAll(async () => {
    // inside the Tokyo morning session
    server = await startServer({ env: { KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00' } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shares = async (page: Page) =>
    (await apiCall<Reply<{ stock_num: string }>>(page, '/trade/stockdetail', { id: holdingId, type: 'jpy' }))
      .data.stock_num;

  /** Choose an exit on the position detail for `qty` shares and confirm it. */
  const placeExit = async (page: Page, qty: number, kind: 'stop' | 'oco', prices: Record<string, number>) => {
    await page.locator(tid('close-qty')).fill(String(qty));
    await page.locator(tid(`pos-exit-kind-${kind}`)).click();
    for (const [field, value] of Object.entries(prices))
      await page.locator(tid(`pos-exit-${field}`)).fill(String(value));
    await page.locator(tid('pos-exit-preview')).waitFor();
    await page.locator(tid('pos-exit-submit')).click();
    await confirmDialog(page);
    await expectToast(page, translate('ok.submitted', 'jp'));
  };

  step('buys 100 shares and opens the holding’s detail', async () => {
    const { page } = browser;
    expect(await openApp(page, server.url)).toBe('login');
    await login(page, DEMO);
    await page.goto(`${server.url}/#/quotes/info?symbol=7203&type=jpy`);
    await page.locator(tid('buy-long')).waitFor();
    await placeOrder(page, { direction: 'long', leverage: 2, quantity: 100 });
    await expectToast(page, translate('ok.bought', 'jp'));
    const open = await apiCall<Reply<Record<string, { id: string; stock_code: string; status: number }>>>(
      page,
      '/trade/userstocklist',
      { type: 'jpy' },
    );
    const row = Object.values(open.data).find(
      (r) => typeof r === 'object' && r.stock_code === '7203' && r.status === 0,
    );
    holdingId = row?.id ?? '';
    expect(holdingId).not.toBe('');
    const quote = await apiCall<Reply<{ price: number }>>(page, '/trade/stockdetails', {
      symbol: '7203',
      type: 'jpy',
    });
    price = quote.data.price;
    await page.goto(`${server.url}/#/position/info?id=${holdingId}&type=jpy`);
    await page.locator(tid('close-panel')).waitFor();
  });

  step('places an OCO on 30 shares and a stop on 20 that the price has reached', async () => {
    const { page } = browser;
    await placeExit(page, 30, 'oco', {
      limit: Math.round(price * 1.5),
      stop: Math.round(price * 0.5),
    });
    // a long's stop above the price: the trigger job fires it on its next round
    await placeExit(page, 20, 'stop', { stop: Math.round(price * 2) });
    expect(await page.locator(tid('pos-exit-preview')).textContent()).toContain(quotesJp['exit.pv.now']);
    await browser.screenshot('orders-exit');
  });

  step('sees the stop fire in the order inquiry', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/#/position/index?tab=orders`);
    await page.locator(tid('exit-list')).waitFor({ timeout: 20_000 });
    // the list refreshes itself: the server's job fired the stop while the screen was open
    await page
      .locator(`${tid('exit-row')}[data-kind="stop"][data-status="filled"]`)
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => shares(page)).toBe('80');
    await browser.screenshot('orders-inquiry');
  });

  step('amends the OCO’s stop and cancels its limit from the list', async () => {
    const { page } = browser;
    const stopLeg = page.locator(`${tid('exit-row')}[data-kind="stop"][data-status="working"]`);
    await stopLeg.locator(tid('exit-amend')).click();
    const newStop = String(Math.round(price * 0.6));
    await stopLeg.locator(tid('amend-stop')).fill(newStop);
    await stopLeg.locator(tid('exit-amend-submit')).click();
    await expectToast(page, translate('ok.changed', 'jp'));
    await expect
      .poll(() => stopLeg.locator(tid('exit-level')).textContent())
      .toContain(Number(newStop).toLocaleString('en-US'));
    const limitLeg = page.locator(`${tid('exit-row')}[data-kind="limit"][data-status="working"]`);
    await limitLeg.locator(tid('exit-cancel')).click();
    await confirmDialog(page);
    await expectToast(page, translate('ok.cancelled', 'jp'));
    await page.locator(`${tid('exit-row')}[data-kind="limit"][data-status="cancelled"]`).waitFor();
    // the other leg keeps working
    await stopLeg.waitFor();
  });

  step('sells 10 of the remaining shares from the position’s detail', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/#/position/info?id=${holdingId}&type=jpy`);
    await waitForRoute(page, '/position/info');
    await page.locator(tid('close-panel')).waitFor();
    await page.locator(tid('close-qty')).fill('10');
    await page.locator(tid('detail-close-part')).click();
    await confirmDialog(page);
    await expectToast(page, translate('ok.sold', 'jp'));
    await expect.poll(() => shares(page)).toBe('70');
    expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
