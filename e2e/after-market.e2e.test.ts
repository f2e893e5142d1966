import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { openScreen } from './support/money.ts';
import { freePort, newDataDir, type RunningServer, startServer } from './support/server.ts';
import { confirmDialog } from './support/trading.ts';
import { login, openApp } from './support/web.ts';

explainSkip('after-market');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const tid = (id: string) => `[data-testid="${id}"]`;

/**
 * After-market trading at 320 px: before the window the page says when it opens; inside it 300 shares are
 * bought at the close, and the trade shows in 申込履歴 and in the records with its 300 shares.
 */
describe.skipIf(!hasChromium())('after-market trading at 320 px', () => {
  let server: RunningServer;
  let browser: Browser;
  let port: number;
  let dataDir: string;

  const start = async (clock: string) => {
    await server?.stop();
    // a first start may build the apps on a busy machine
    server = await startServer({
      dataDir,
      port,
      env: { KABUTO_CLOCK_START: clock },
      timeoutMs: 400_000,
    });
  };
  const step = browserSteps(() => browser, 'after-market');

  beforeAll(async () => {
    port = await freePort();
    dataDir = newDataDir();
    // Tuesday in Tokyo, after the close and before the after-market window (15:40–16:30)
    await start('2026-11-24T15:32:00+09:00');
    browser = await launchBrowser({ viewport: { width: 320, height: 640 } });
    // two starts of the server on a busy machine
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  step('before the window the page says its hours', async () => {
    const { page } = browser;
    expect(await openApp(page, server.url)).toBe('login');
    await login(page, DEMO);
    await openScreen(page, server.url, '/home/large2');
    await page.locator(tid('after-market-row')).first().waitFor();
    const text = await page.locator(tid('after-market-window')).textContent();
    expect(text).toContain('受付時間外');
    expect(text).toContain('15:40–16:30');
    // the name column keeps its words: at least as wide as the price beside it, one or two lines high
    const name = page.locator(`${tid('after-market-row')} .k-rev-title b`).first();
    const box = await name.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    const lineHeight = await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect(box!.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await browser.screenshot('after-market-closed-320');
  });

  step(
    'inside the window 300 shares are bought; 申込履歴 and the records show them',
    async () => {
      const { page } = browser;
      await start('2026-11-24T15:45:00+09:00');
      await openScreen(page, server.url, '/home/large2');
      // the same address as before the restart: load it afresh
      await page.reload();
      await expect
        .poll(() => page.locator(tid('after-market-window')).textContent(), { timeout: 20_000 })
        .toContain('受付中');
      const row = page.locator(tid('after-market-row')).first();
      const name = (await row.locator('.k-rev-title b').textContent())!.trim();
      await row.locator(tid('after-market-buy')).click();
      const shares = page.locator(tid('after-market-shares'));
      await shares.fill('300');
      await expect.poll(() => page.locator(tid('after-market-amount')).textContent()).toMatch(/\d/);
      await browser.screenshot('after-market-order-320');
      await confirmDialog(page);

      await openScreen(page, server.url, '/home/large3');
      const record = page.locator(tid('after-market-record')).first();
      await expect
        .poll(
          async () => {
            await page.reload();
            return record.waitFor({ timeout: 5000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      expect(await record.textContent()).toContain(name);
      expect((await record.locator(tid('after-market-record-shares')).textContent())?.trim()).toBe('300');
      await browser.screenshot('after-market-history-320');

      await openScreen(page, server.url, '/mine/transactionRecords');
      await page.locator(tid('fund-record')).first().waitFor();
      const posted = page.locator(tid('fund-record'), { hasText: name }).first();
      await posted.waitFor();
      expect(await posted.locator(tid('record-title')).textContent()).toBe('建玉証拠金の差入');
      expect(await page.locator(tid('records-balance-note')).isVisible()).toBe(true);
      await browser.screenshot('after-market-records-320');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    },
    600_000,
  );
});
