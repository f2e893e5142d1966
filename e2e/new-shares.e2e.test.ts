import { rmSync } from 'node:fs';
import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminLogin, dialogSettled } from './support/admin.ts';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { openScreen } from './support/money.ts';
import { newDataDir, type RunningServer, startServer } from './support/server.ts';
import { apiCall, confirmDialog, heldPositions, type Reply } from './support/trading.ts';
import { expectToast, login, openApp } from './support/web.ts';

explainSkip('new shares');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const OPERATOR = {
  user: process.env.DEMO_ADMIN ?? 'admin',
  pass: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};
const tid = (id: string) => `[data-testid="${id}"]`;

/**
 * The demo's 199A (Aoba AI Solutions, offer 2,300 yen) is seeded subscribing: its window opened the day
 * before the first clock and closes three days after, at 15:00 Tokyo time, moved to the next business
 * day (Monday); the lottery is the business day after at 09:00, the listing eleven days after the first
 * clock at 09:00. The server is started three times on
 * the same data, at three clocks:
 * - Thursday 26 November 2026, 10:00 JST: the window is open;
 * - Monday 30 November, 16:00: the window has closed, the lottery is due tomorrow: the operator draws;
 * - Monday 7 December, 10:00: listing day, the market is open.
 */
const CLOCKS = {
  subscribing: '2026-11-26T10:00:00+09:00',
  drawn: '2026-11-30T16:00:00+09:00',
  listed: '2026-12-07T10:00:00+09:00',
};
const CODE = '199A';

interface OfferingRow {
  id: string;
  code: string;
  bprice: string;
  status: number;
  seed: string;
  commitment: string;
  gb_date: number;
  mine: { outcome: string; lucky_total: number; status: number } | null;
}
describe.skipIf(!hasChromium())('new shares at 375×812: apply, the draw, verify, listing day, sell', () => {
  const dataDir = newDataDir();
  let server: RunningServer | undefined;
  let browser: Browser;
  let offering: OfferingRow;

  const step = browserSteps(() => browser, 'ipo');

  /** (Re)start the server on the same data at `clock`, and sign the demo user in on its new address. */
  const startAt = async (clock: string) => {
    await server?.stop();
    server = await startServer({ dataDir, env: { KABUTO_CLOCK_START: clock } });
    const { page } = browser;
    if ((await openApp(page, server.url)) === 'login') await login(page, DEMO);
  };
  const url = () => server!.url;
  const offerings = async () =>
    (await apiCall<Reply<OfferingRow[]>>(browser.page, '/trade/placinglist', { type: 'jpy', lang: 'jp' }))
      .data;

  beforeAll(async () => {
    browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  step('applies for a subscribing offering; its schedule reads on the Tokyo clock', async () => {
    await startAt(CLOCKS.subscribing);
    const { page } = browser;
    await openScreen(page, url(), '/home/newShare');
    await page.locator(`${tid('ipo-card')}[data-code="${CODE}"]`).click();
    await page.locator(tid('ipo-overview')).waitFor();
    // the lottery is at 09:00 in Tokyo, whatever the zone of the device (this one runs in UTC)
    const schedule = (await page.locator(tid('ipo-schedule')).textContent()) ?? '';
    expect(schedule).toContain('2026/12/01 09:00');
    expect(schedule).toContain('2026/12/07 09:00');
    // the commitment is published while the window is open; the seed is not
    offering = (await offerings()).find((o) => o.code === CODE)!;
    expect(offering.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.locator(tid('ipo-commitment')).textContent()).toBe(offering.commitment);
    expect(offering.seed).toBe('');
    expect(await page.locator(tid('ipo-verify')).count()).toBe(0);
    expect(await page.locator(tid('ipo-quantity')).inputValue()).toBe('100');
    await browser.screenshot('ipo-apply');
    await page.locator(tid('ipo-apply-submit')).click();
    await confirmDialog(page);
    await expectToast(page, translate('ok.subscribed', 'jp'));
    const mine = page.locator(tid('ipo-mine'));
    await mine.waitFor();
    expect(await mine.locator(tid('ipo-state')).getAttribute('data-state')).toBe('held');
  });

  step('after the window, the operator draws it in the back office and sees the seed', async () => {
    await startAt(CLOCKS.drawn);
    const { page } = browser;
    // the back office is a desktop screen: the operator works at 1280×900, the user again at 375×812
    await page.setViewportSize({ width: 1280, height: 900 });
    try {
      await adminLogin(page, url(), OPERATOR.user, OPERATOR.pass);
      await page.goto(`${url()}/admin/index.html#/new-shares`);
      const row = page.locator(`${tid('ipo-row')}[data-code="${CODE}"]`);
      await row.waitFor();
      // the schedule on the Tokyo clock, as the app shows it, not on the operator's device zone
      const schedule = (await row.textContent()) ?? '';
      expect(schedule).toContain('– 2026-11-30 15:00 JST');
      expect(schedule).toContain('2026-12-01 09:00 JST');
      // the edit form shows and takes the same times, on the same clock
      await row.locator('.ant-btn', { hasText: /編\s*集/ }).click();
      const lottery = page.locator(tid('ipo-lottery_at'));
      await dialogSettled(lottery);
      expect(await lottery.inputValue()).toBe('2026-12-01T09:00');
      expect(await page.locator(tid('ipo-subscribe_end')).inputValue()).toBe('2026-11-30T15:00');
      expect(await page.locator(tid('ipo-zone')).textContent()).toContain('Asia/Tokyo (JST)');
      await page.locator(`${tid('ipo-form')} .ant-modal-footer .ant-btn:not(.ant-btn-primary)`).click();
      await page.locator(tid('ipo-form')).locator('.ant-modal').waitFor({ state: 'hidden' });
      await row.locator(tid('ipo-draw')).click();
      const ok = page.locator(tid('ipo-draw-ok'));
      await dialogSettled(ok);
      await ok.click();
      // drawn: the row has no actions any more; its expanded detail shows the revealed seed
      await row.locator(tid('ipo-draw')).waitFor({ state: 'detached' });
      await row.locator('.ant-table-row-expand-icon').click();
      await expect
        .poll(async () => (await page.locator(tid('ipo-seed')).first().textContent()) ?? '')
        .toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await page.setViewportSize({ width: 375, height: 812 });
    }
  });

  step('sees the result and verifies the draw in the browser', async () => {
    const { page } = browser;
    await openScreen(page, url(), `/home/newShareInfo?id=${offering.id}`);
    const mine = page.locator(tid('ipo-mine'));
    await mine.waitFor();
    // one application for 300 lots: it won its lot and the held money was taken
    expect(await mine.locator(tid('ipo-state')).getAttribute('data-state')).toBe('paid');
    const drawn = (await offerings()).find((o) => o.code === CODE)!;
    expect(drawn.mine).toMatchObject({ outcome: 'won', lucky_total: 100 });
    expect(await page.locator(tid('ipo-seed')).textContent()).toBe(drawn.seed);
    expect(drawn.commitment).toBe(offering.commitment);
    await page.locator(tid('ipo-verify')).click();
    const verdict = page.locator(tid('ipo-verdict'));
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-verdict')).toBe('ok');
    await verdict.scrollIntoViewIfNeeded();
    await browser.screenshot('ipo-verified');
  });

  step(
    'on listing day holds the new shares at the offer price and sells them through the close',
    async () => {
      await startAt(CLOCKS.listed);
      const { page } = browser;
      // the leader's round lists the offering on its date: the winner's position appears
      const newShare = async () => (await heldPositions(page)).find((p) => p.stock_code === CODE);
      await expect.poll(newShare, { timeout: 20_000 }).toBeDefined();
      const pos = await newShare();
      expect(pos).toMatchObject({ ganggang: '1', stock_num: '100', buy_price: offering.bprice });
      await openScreen(page, url(), '/position/index?tab=newShare');
      const record = page.locator(tid('pos-new-share')).first();
      await record.waitFor();
      expect(await record.locator(tid('ipo-state')).getAttribute('data-state')).toBe('listed');
      await openScreen(page, url(), '/position/index');
      const row = page.locator(`${tid('position-row')}[data-id="${pos!.id}"]`);
      await row.waitFor();
      await browser.screenshot('ipo-position');
      await row.locator(tid('position-close')).click();
      await confirmDialog(page);
      await expectToast(page, translate('ok.sold', 'jp'));
      await page.locator(tid('pos-tab-sold')).click();
      await page.locator(`${tid('position-row')}[data-id="${pos!.id}"][data-status="1"]`).waitFor();
    },
  );
});
