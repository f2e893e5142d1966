import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { login } from './support/web.ts';

explainSkip('charts');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const tid = (id: string) => `[data-testid="${id}"]`;

/** The element's box lies inside the viewport, horizontally and vertically. */
async function onScreen(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  const view = page.viewportSize();
  if (!box || !view) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;
}

describe.skipIf(!hasChromium())('charts and quotes: the session axis, currency units, 320 px', () => {
  let server: RunningServer;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    // inside the Tokyo morning session
    server = await startServer({ env: { KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00' } });
  });

  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
  });

  async function open(width: number, height: number) {
    const browser = await launchBrowser({ viewport: { width, height } });
    browsers.push(browser);
    await browser.page.goto(`${server.url}/#/login/login`);
    await login(browser.page, DEMO);
    return browser;
  }

  it('the intraday chart spans the whole Tokyo session with its lunch break, and has no MA', async () => {
    const browser = await open(375, 812);
    const { page } = browser;
    await page.goto(`${server.url}/#/quotes/info?symbol=7203&type=jpy`);
    const chart = page.locator(`${tid('kline-chart')}[data-period="1"][data-session]`);
    await chart.waitFor();
    expect(await chart.getAttribute('data-session')).toBe('09:00 11:30/12:30 15:30');
    expect(await chart.getAttribute('data-session-minutes')).toBe('330');
    // the moving averages belong to the candle tabs; the intraday chart draws its average price
    expect(await page.locator(tid('ind-MA')).count()).toBe(0);
    expect(await page.locator(tid('info-price')).textContent()).toMatch(/^[\d,.]+円$/);
    // the legend reads the latest minute: price, average price, change from the previous close
    const legend = page.locator(tid('intraday-legend'));
    await expect.poll(() => legend.textContent()).toMatch(/^現在値 [\d,.]+平均 [\d,.]+[+-]?[\d.]+%$/);
    await browser.screenshot('charts-intraday-375');
    // a pointer over the chart reads the minute under it, in Tokyo time
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has no box');
    await page.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.3);
    await expect.poll(() => legend.textContent()).toMatch(/^09:1\d現在値/);
    await page.mouse.move(0, 0);
    await expect.poll(() => legend.textContent()).toMatch(/^現在値/);
    // the sub-chart's choices work on the intraday chart too
    await page.locator(tid('ind-MACD')).click();
    await expect.poll(() => chart.getAttribute('data-sub')).toBe('MACD');
    await expect
      .poll(() => page.locator('.k-ichart-legend').nth(1).textContent())
      .toMatch(/^DIF -?[\d.]+DEA -?[\d.]+MACD -?[\d.]+$/);
    await page.locator(tid('ind-VOL')).click();

    await page.locator(tid('period-1D')).click();
    await page.locator(`${tid('kline-chart')}[data-period="1D"]`).waitFor();
    expect(
      await page.locator(`${tid('kline-chart')}[data-period="1D"]`).getAttribute('data-session'),
    ).toBeNull();
    await page.locator(tid('ind-MA')).waitFor();
    await page.locator(tid('ind-RSI')).click();
    await browser.screenshot('charts-day-rsi-375');
    await page.locator(tid('period-12M')).click();
    await page.locator(`${tid('kline-chart')}[data-period="12M"]`).waitFor();
    await page.waitForTimeout(300);
    await browser.screenshot('charts-year-375');
    expect(browser.errors).toEqual([]);
  });

  it('a US stock shows its prices, turnover and market cap in dollars', async () => {
    const browser = browsers[0];
    const { page } = browser;
    await page.goto(`${server.url}/#/quotes/info?symbol=AAPL&type=usd`);
    await page.locator(tid('info-price')).waitFor();
    expect(await page.locator(tid('info-price')).textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    // the period chosen on the last stock stays; back to the intraday chart
    await page.locator(tid('period-1')).click();
    const figures = await page.locator('.k-figures dd').allTextContents();
    // open, high, low, previous close in dollars; volume a count; turnover and market cap in dollars
    expect(figures.filter((f) => f.startsWith('$')).length).toBeGreaterThanOrEqual(6);
    const session = await page
      .locator(`${tid('kline-chart')}[data-session]`)
      .getAttribute('data-session', { timeout: 20_000 });
    expect(session).toBe('09:30 16:00');
    await browser.screenshot('charts-us-375');
  });

  it('at 320 px the year tab and the order buttons are on screen', async () => {
    const browser = await open(320, 640);
    const { page } = browser;
    await page.goto(`${server.url}/#/quotes/info?symbol=7203&type=jpy`);
    await page.locator(`${tid('kline-chart')}[data-session]`).waitFor();
    await browser.screenshot('charts-intraday-320');
    expect(await onScreen(page, tid('period-12M'))).toBe(true);
    expect(await onScreen(page, tid('buy-long'))).toBe(true);
    expect(await onScreen(page, tid('buy-short'))).toBe(true);
    await page.locator(tid('period-12M')).click();
    await page.locator(`${tid('kline-chart')}[data-period="12M"]`).waitFor();
    await browser.screenshot('charts-year-320');
    expect(browser.errors).toEqual([]);
  });
});
