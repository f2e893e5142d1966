import { rmSync } from 'node:fs';
import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminLogin, clickInDialog } from './support/admin.ts';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { openScreen } from './support/money.ts';
import { freePort, newDataDir, type RunningServer, startServer } from './support/server.ts';
import { apiCall, confirmDialog, type Reply } from './support/trading.ts';
import { expectToast, login, openApp } from './support/web.ts';

explainSkip('stock lending');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const OPERATOR = {
  user: process.env.DEMO_ADMIN ?? 'admin',
  pass: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};
const tid = (id: string) => `[data-testid="${id}"]`;
/** Tuesday's Tokyo close (15:30 JST), in unix seconds. */
const CLOSE = Date.parse('2026-11-24T15:30:00+09:00') / 1000;

interface LoanRow {
  id: string;
  position_id: string;
  accrued: string;
  paid: string;
  status: number;
  accrued_through: string;
}

describe.skipIf(!hasChromium())('stock lending at 375×812', () => {
  let server: RunningServer;
  let browser: Browser;
  let port: number;
  let dataDir: string;
  let positionId = '';

  const step = browserSteps(() => browser, 'lending');
  const loans = async () =>
    (await apiCall<Reply<LoanRow[]>>(browser.page, '/trade/userlendlist', { type: 'jpy' })).data;
  const serverTime = async () =>
    ((await (await fetch(`${server.url}/healthz`)).json()) as { time: number }).time;
  /** (Re)start the server on the same data and port, its clock from `clock` at `speed`× real time. */
  const start = async (clock: string, speed = 1) => {
    await server?.stop();
    server = await startServer({
      dataDir,
      port,
      env: {
        KABUTO_CLOCK_START: clock,
        KABUTO_CLOCK_SPEED: String(speed),
      },
    });
  };

  beforeAll(async () => {
    port = await freePort();
    dataDir = newDataDir();
    // Tuesday morning in Tokyo at real speed: the buy and the loan happen in continuous trading however
    // slow the machine is. The close comes later, from a restart just before it.
    await start('2026-11-24T10:00:00+09:00');
    browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  step('lends a leverage-1 holding from the position detail; the position shows "lent"', async () => {
    const { page } = browser;
    expect(await openApp(page, server.url)).toBe('login');
    await login(page, DEMO);
    const order = await apiCall<Reply<{ id: string }>>(page, '/trade/buy_stock', {
      symbol: '7203',
      zhang: '1000',
      ganggan: '1',
      buyzd: 1,
      gdlx: 1,
      type: 'jpy',
    });
    expect(order.status).toBe(1);
    positionId = order.data.id;
    await openScreen(page, server.url, `/position/info?id=${positionId}&type=jpy`);
    await page.locator(tid('position-lending')).waitFor();
    expect(await page.locator(tid('position-lent')).textContent()).toBe('未貸出');
    await page.locator(tid('position-lend')).click();
    await confirmDialog(page);
    await expectToast(page, translate('ok.lent', 'jp'));
    await expect.poll(() => page.locator(tid('position-lent')).textContent()).toBe('貸出中');
    await expect.poll(() => page.locator(tid('position-recall')).count()).toBe(1);
    await browser.screenshot('lending-position-detail');
  });

  step('the lending screen from the menu: the rate and the record, lent', async () => {
    const { page } = browser;
    await openScreen(page, server.url, '/mine/menu');
    await page.getByText('貸株', { exact: true }).click();
    await page.locator(tid('lendable-list')).waitFor();
    const row = page.locator(`${tid('lendable-row')}[data-id="${positionId}"]`);
    expect(await row.locator(tid('lendable-state')).textContent()).toBe('貸出中');
    expect(await row.locator(tid('lendable-rate')).textContent()).toBe('年0.10%');
    await page.setViewportSize({ width: 320, height: 700 });
    await browser.screenshot('lending-lendable-320');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator(tid('lending-tab-records')).click();
    const record = page.locator(tid('lend-record')).first();
    await record.waitFor();
    expect(await record.locator(tid('lend-record-status')).textContent()).toBe('貸出中');
  });

  step('after the close the fee has accrued on the closing value, shown in the records', async () => {
    const { page } = browser;
    // the same data, the clock a minute before the close at 10× real time: the close comes in seconds,
    // then the leader's accrual on the closing value
    await start('2026-11-24T15:29:00+09:00', 10);
    await expect.poll(serverTime, { timeout: 90_000, interval: 1000 }).toBeGreaterThan(CLOSE + 30);
    await expect
      .poll(async () => Number((await loans())[0]?.accrued ?? 0), { timeout: 30_000, interval: 1000 })
      .toBeGreaterThan(0);
    const [loan] = await loans();
    expect(loan.accrued_through).toBe('2026-11-24');
    expect(loan.paid).toBe('0.0000');
    // the screen is still open from the last step: load it afresh
    await openScreen(page, server.url, '/mine/lending?tab=records');
    await page.reload();
    const record = page.locator(`${tid('lend-record')}[data-id="${loan.id}"]`);
    await record.waitFor();
    await expect.poll(() => record.locator(tid('lend-record-accrued')).textContent()).toMatch(/[1-9]/);
    await browser.screenshot('lending-records-375');
    await page.setViewportSize({ width: 320, height: 700 });
    await browser.screenshot('lending-records-320');
    await page.setViewportSize({ width: 375, height: 812 });
  });

  step('recalls it: the accrued fee is paid to cash as a "stock lending" fund record', async () => {
    const { page } = browser;
    await openScreen(page, server.url, '/mine/lending');
    const row = page.locator(`${tid('lendable-row')}[data-id="${positionId}"]`);
    await row.locator(tid('lending-recall')).click();
    await confirmDialog(page);
    await expectToast(page, translate('ok.recalled', 'jp'));
    await expect.poll(() => row.locator(tid('lendable-state')).textContent()).toBe('未貸出');
    const [loan] = await loans();
    expect(loan.status).toBe(1);
    // the fee accrues at full precision and is paid once, rounded down to whole yen
    expect(loan.paid).toBe(`${loan.accrued.split('.')[0]}.0000`);
    await openScreen(page, server.url, '/mine/transactionRecords');
    const first = page.locator(tid('fund-record')).first();
    await expect.poll(() => first.getAttribute('data-kind')).toBe('lending');
    expect(await first.locator(tid('record-title')).textContent()).toBe(
      translate('record.kind.lending', 'jp'),
    );
    await browser.screenshot('lending-fund-record');
  });

  step('the back office lists the loan (recalled) and sets a stock’s own rate with a reason', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await adminLogin(page, server.url, OPERATOR.user, OPERATOR.pass);
    await page.goto(`${server.url}/admin/index.html#/lending`);
    const row = page.locator(tid('lending-loan-row')).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('7203');
    await page.locator(tid('lending-rate-filter')).fill('7203');
    const rate = page.locator(`${tid('lending-rate-row')}[data-symbol="7203"]`);
    await rate.waitFor();
    expect(await rate.textContent()).toContain('0.10%');
    await rate.locator(tid('lending-set-rate')).click();
    await page
      .locator(`${tid('lending-rate-input')} input, input${tid('lending-rate-input')}`)
      .first()
      .fill('0.35');
    await page.locator(tid('lending-rate-reason')).fill('hard to borrow this week');
    await clickInDialog(page.locator('.ant-modal-confirm-btns .ant-btn-primary'));
    await expect.poll(() => rate.textContent()).toContain('0.35%');
    await browser.screenshot('lending-admin');
  });
});
