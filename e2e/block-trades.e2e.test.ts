import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminLogin, clickInDialog, dialogSettled } from './support/admin.ts';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { openScreen } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { apiCall, confirmDialog, heldPositions, type Reply } from './support/trading.ts';
import { expectToast, login, openApp, waitForRoute } from './support/web.ts';

explainSkip('block trades');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const OPERATOR = {
  user: process.env.DEMO_ADMIN ?? 'admin',
  pass: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};
const BLOCK_PASSWORD = 'block2026';
const tid = (id: string) => `[data-testid="${id}"]`;

interface OfferingRow {
  id: string;
  code: string;
  price: string;
  password: boolean;
  commitment: string;
  start: number;
  end: number;
}

/** Unix seconds → `2026-11-25 09:00` on Tokyo's clock. */
const tokyoTime = (unix: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(unix * 1000));
describe.skipIf(!hasChromium())('block trades and after-market trades at 375×812', () => {
  let server: RunningServer;
  let browser: Browser;
  let offering: OfferingRow;

  const step = browserSteps(() => browser, 'block');

  beforeAll(async () => {
    // After the Tokyo close, inside the after-market window (15:40–16:30); the demo offerings are
    // seeded relative to this clock, so they are open.
    server = await startServer({ env: { KABUTO_CLOCK_START: '2026-11-24T15:45:00+09:00' } });
    browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('subscribes to a private block offering with its password; the money is held', async () => {
    const { page } = browser;
    expect(await openApp(page, server.url)).toBe('login');
    await login(page, DEMO);
    await openScreen(page, server.url, '/home/large');
    await page.locator(tid('block-offering')).first().waitFor();
    const list = await apiCall<Reply<OfferingRow[]>>(page, '/trade/nbhllist', { type: 'jpy', dz_type: 0 });
    offering = list.data.find((o) => o.password)!;
    expect(offering).toBeDefined();
    await openScreen(page, server.url, `/home/largeInfo?id=${offering.id}`);
    await page.locator(tid('block-detail')).waitFor();
    expect(await page.locator(tid('block-commitment')).textContent()).toBe(offering.commitment);
    await browser.screenshot('block-detail');
    await page.locator(tid('block-shares')).fill('200');
    await page.locator(tid('block-password')).fill('wrong-one');
    await page.locator(tid('block-subscribe')).click();
    await confirmDialog(page);
    await expectToast(page, translate('block.wrongPassword', 'jp'));
    await page.locator(tid('block-password')).fill(BLOCK_PASSWORD);
    await page.locator(tid('block-subscribe')).click();
    await confirmDialog(page);
    // subscribed: the screen moves on to my subscriptions
    await waitForRoute(page, '/home/large3');
    const record = page.locator(tid('block-record')).first();
    await record.waitFor();
    expect(await record.locator(tid('block-status')).textContent()).toBe('割当待ち');
  });

  step('the operator runs the allocation in the back office and sees the seed', async () => {
    const { page } = browser;
    await adminLogin(page, server.url, OPERATOR.user, OPERATOR.pass);
    await page.goto(`${server.url}/admin/index.html#/block`);
    const row = page.locator(`${tid('block-offering-row')}[data-id="${offering.id}"]`);
    await row.waitFor();
    // the window on the exchange's clock, as the app shows it, whatever the operator's device zone
    expect(await row.locator(tid('block-window')).textContent()).toBe(
      `${tokyoTime(offering.start)} – ${tokyoTime(offering.end)} JST`,
    );
    await row.locator(tid('block-allocate')).click();
    await clickInDialog(page.locator('.ant-modal-confirm-btns .ant-btn-primary'));
    await page.locator(tid('block-result')).waitFor();
    expect(await page.locator(tid('block-seed')).first().textContent()).toMatch(/^[0-9a-f]{64}/);
  });

  step('sees the allocation and the leverage-1 position at the block price', async () => {
    const { page } = browser;
    await openScreen(page, server.url, '/home/large3');
    const record = page.locator(tid('block-record')).first();
    await expect.poll(() => record.locator(tid('block-status')).textContent()).toBe('割当済み');
    expect(await record.locator(tid('block-allocated')).textContent()).toBe('200');
    const pos = (await heldPositions(page)).find(
      (p) => p.stock_code === offering.code && p.buy_price === offering.price,
    );
    expect(pos).toMatchObject({ ganggang: '1', stock_num: '200' });
    await openScreen(page, server.url, '/position/index');
    await page.locator(`${tid('position-row')}[data-id="${pos!.id}"]`).waitFor();
  });

  step('verifies the allocation in the browser from the revealed seed', async () => {
    const { page } = browser;
    await openScreen(page, server.url, '/home/large3');
    await page.locator(tid('block-verify-link')).first().click();
    await page.locator(tid('block-allocated-detail')).waitFor();
    expect(await page.locator(tid('block-commitment')).textContent()).toBe(offering.commitment);
    expect(await page.locator(tid('block-seed')).textContent()).toMatch(/^[0-9a-f]{64}$/);
    await page.locator(tid('block-verify')).click();
    const verdict = page.locator(tid('block-verdict'));
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-verdict')).toBe('ok');
    await browser.screenshot('block-verified');
  });

  step('buys after the close at the closing price', async () => {
    const { page } = browser;
    await openScreen(page, server.url, '/home/large2');
    await page.locator(tid('after-market-row')).first().waitFor();
    const list = await apiCall<Reply<OfferingRow[]>>(page, '/trade/nbhllist', { type: 'jpy', dz_type: 1 });
    const first = list.data[0];
    await page.locator(tid('after-market-buy')).first().click();
    await confirmDialog(page);
    await expectToast(page, translate('ok.bought', 'jp'));
    const bought = (await heldPositions(page)).filter(
      (p) => p.stock_code === first.code && p.buy_price === first.price,
    );
    expect(bought.length).toBeGreaterThanOrEqual(1);
  });

  step("the operator lists a US offering with its window typed on New York's clock", async () => {
    const { page } = browser;
    // the back office is a desktop screen
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/admin/index.html#/block`);
    await page.locator(tid('block-new')).click();
    const symbol = page.locator(tid('block-symbol'));
    await dialogSettled(symbol);
    await symbol.fill('AAPL');
    // the symbol's shape picks the market whose clock the window is read on
    await page.locator('.ant-form-item-extra', { hasText: 'America/New_York (ET)' }).waitFor();
    await page.locator(tid('block-price')).fill('150');
    await page.locator(tid('block-shares')).fill('1000');
    await page.locator(tid('block-start')).fill('2026-11-23T09:30');
    await page.locator(tid('block-end')).fill('2026-11-25T16:00');
    await clickInDialog(page.locator('.ant-modal-footer .ant-btn-primary'));
    await page.locator(tid('block-window'), { hasText: '2026-11-23 09:30 – 2026-11-25 16:00 EST' }).waitFor();

    await openScreen(page, server.url, '/home/large');
    const list = await apiCall<Reply<OfferingRow[]>>(page, '/trade/nbhllist', {
      type: 'usd',
      dz_type: 0,
    });
    const listed = list.data.find((o) => o.code === 'AAPL' && o.price.startsWith('150'));
    expect(listed).toBeDefined();
    expect(listed!.start).toBe(Date.parse('2026-11-23T09:30:00-05:00') / 1000);
    expect(listed!.end).toBe(Date.parse('2026-11-25T16:00:00-05:00') / 1000);
  });
});
