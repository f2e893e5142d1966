import { rmSync } from 'node:fs';
import { unitsOfWireNumber } from '@kabuto/contract';
import { dailyPnl, formatUnits, MINOR_UNIT, parseUnits, settleDay } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { openScreen } from './support/money.ts';
import { freePort, newDataDir, type RunningServer, startServer } from './support/server.ts';
import { apiCall, confirmDialog } from './support/trading.ts';
import { login, openApp, waitForRoute } from './support/web.ts';

explainSkip('copy trade');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const FUND_PASSWORD = '246810';
const tid = (id: string) => `[data-testid="${id}"]`;

interface Reply<T> {
  status: number;
  data: T;
  msg?: string;
}
interface ProductRow {
  id: string;
  name: string;
  scday: number;
  money: string;
}
interface OrderRow {
  id: string;
  product_id: string;
  units: string;
  nav: number;
  money: string;
  aprofit: string;
  status: number;
}
interface Detail {
  history: { date: string; nav: number }[];
  mine: { days: { date: string; nav: number; profit: string }[] };
}

/**
 * Follow a seeded product at 375×812, then move the server's clock across two closes (the server is
 * restarted on the same data and port with a later KABUTO_CLOCK_START; its leader job books the closes),
 * see each daily profit equal units × (NAV of the close − NAV before), and redeem once the lock-in is over.
 */
describe.skipIf(!hasChromium())('copy trade at 375×812', () => {
  let server: RunningServer;
  let browser: Browser;
  let port: number;
  let dataDir: string;
  let product: ProductRow;
  let order: OrderRow;

  const start = async (clock: string) => {
    await server?.stop();
    server = await startServer({
      dataDir,
      port,
      env: { KABUTO_CLOCK_START: clock },
    });
  };
  const step = browserSteps(() => browser, 'copy');

  beforeAll(async () => {
    port = await freePort();
    dataDir = newDataDir();
    // Tuesday morning in Tokyo: the demo's products are seeded relative to this clock, open to follow.
    await start('2026-11-24T10:00:00+09:00');
    browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  step('lists the products and follows one with the fund password', async () => {
    const { page } = browser;
    expect(await openApp(page, server.url)).toBe('login');
    await login(page, DEMO);
    await openScreen(page, server.url, '/home/follow');
    await page.locator(tid('product-row')).first().waitFor();
    await browser.screenshot('copy-list-375');
    const list = await apiCall<Reply<ProductRow[]>>(page, '/trade/productlist', { type: 'jpy' });
    product = list.data.find((p) => p.scday === 3)!;
    expect(product).toBeDefined();
    await page.locator(tid('product-row'), { hasText: product.name }).click();
    await page.locator(tid('product-detail')).waitFor();
    await page.locator(tid('nav-line')).waitFor({ state: 'attached' });
    expect(await page.locator(`${tid('constituents')} tbody tr`).count()).toBeGreaterThan(2);
    await browser.screenshot('copy-detail-375');
    await page.locator(`${tid('follow-amount')}`).fill('100000');
    await page.locator(`${tid('follow-password')}`).fill(FUND_PASSWORD);
    await page.locator(tid('follow-submit')).click();
    await confirmDialog(page);
    await waitForRoute(page, '/mine/followOrder');
    await page.locator(tid('follow-order')).first().waitFor();
    const orders = await apiCall<Reply<OrderRow[]>>(page, '/trade/userproductlist', { type: 'jpy' });
    order = orders.data.find((o) => o.product_id === product.id)!;
    expect(order).toMatchObject({ money: '100000.0000', status: 2 });
    await browser.screenshot('copy-orders-375');
    // inside the lock-in there is no redeem button
    expect(await page.locator(tid('follow-redeem')).count()).toBe(0);
  });

  step('after two closes, the daily profits equal units × the NAV moves', async () => {
    const { page } = browser;
    await start('2026-11-25T16:00:00+09:00');
    let detail: Detail | undefined;
    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/#/home/follow?id=${product.id}&market=jpy`).catch(() => {});
          const r = await apiCall<Reply<Detail>>(page, '/trade/productdetail', {
            id: product.id,
            type: 'jpy',
          });
          detail = r.data;
          return r.data?.mine.days.length ?? 0;
        },
        { timeout: 60_000, interval: 1500 },
      )
      .toBe(2);
    const days = detail!.mine.days;
    expect(days.map((d) => d.date)).toEqual(['2026-11-24', '2026-11-25']);
    const units = parseUnits(order.units)!;
    let before = unitsOfWireNumber(order.nav)!;
    let stake = parseUnits(order.money)!;
    for (const d of days) {
      const nav = unitsOfWireNumber(d.nav)!;
      // the NAV of the day is the NAV of the product's history at that close
      expect(detail!.history.find((h) => h.date === d.date)?.nav).toBe(d.nav);
      const booked = settleDay(dailyPnl(units, before, nav), stake, MINOR_UNIT.jpy);
      expect(d.profit).toBe(formatUnits(booked.booked));
      stake = booked.stakeAfter;
      before = nav;
    }
    // the screen loaded while the second close may still have been on the job queue: load it afresh
    await page.reload();
    await page.locator(tid('my-day')).nth(1).waitFor();
    expect(await page.locator(tid('my-day')).count()).toBe(2);
    await browser.screenshot('copy-days-375');
  });

  step('redeems after the lock-in: the stake returns to cash', async () => {
    const { page } = browser;
    await start('2026-11-27T11:00:00+09:00');
    // Wednesday's close is booked by the durable queue shortly after the start: wait for it, so that the
    // stake read below is the one the redemption pays
    await expect
      .poll(
        async () =>
          (await apiCall<Reply<Detail>>(page, '/trade/productdetail', { id: product.id, type: 'jpy' })).data
            ?.mine.days.length ?? 0,
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(3);
    await openScreen(page, server.url, '/mine/followOrder');
    const redeem = page.locator(tid('follow-redeem')).first();
    await expect
      .poll(
        async () => {
          await page.reload().catch(() => {});
          await page
            .locator(tid('follow-order'))
            .first()
            .waitFor({ timeout: 10_000 })
            .catch(() => {});
          return redeem.count();
        },
        { timeout: 60_000, interval: 1500 },
      )
      .toBe(1);
    const before = (
      await apiCall<Reply<OrderRow[]>>(page, '/trade/userproductlist', { type: 'jpy' })
    ).data.find((o) => o.id === order.id)!;
    const cashBefore = (
      await apiCall<Reply<Record<string, string>>>(page, '/user/getUserinfo', { type: 'jpy' })
    ).data.jpy;
    await redeem.click();
    await confirmDialog(page);
    await expect
      .poll(
        async () =>
          (await apiCall<Reply<OrderRow[]>>(page, '/trade/userproductlist', { type: 'jpy' })).data.find(
            (o) => o.id === order.id,
          )?.status,
        { timeout: 20_000 },
      )
      .toBe(1);
    const cashAfter = (
      await apiCall<Reply<Record<string, string>>>(page, '/user/getUserinfo', { type: 'jpy' })
    ).data.jpy;
    expect(parseUnits(cashAfter)! - parseUnits(cashBefore)!).toBe(parseUnits(before.money)!);
    await page
      .locator(`${tid('follow-status')}`, { hasText: /終了/ })
      .first()
      .waitFor();
    await browser.screenshot('copy-redeemed-375');
  });
});
