import { readFileSync } from 'node:fs';
import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { openScreen } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { expectToast, login, openApp } from './support/web.ts';

explainSkip('reports');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const tid = (id: string) => `[data-testid="${id}"]`;

describe.skipIf(!hasChromium())('reports (PDF) at 375×812', () => {
  let server: RunningServer;
  let browser: Browser;
  const step = browserSteps(() => browser, 'reports');

  beforeAll(async () => {
    server = await startServer({
      env: {
        KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00',
        KABUTO_CLOCK_SPEED: '1',
      },
    });
    browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('My page › Reports: makes a statement of balances and downloads it as a PDF', async () => {
    const { page } = browser;
    expect(await openApp(page, server.url)).toBe('login');
    await login(page, DEMO);
    await openScreen(page, server.url, '/mine/myPage');
    await page.getByText('報告書', { exact: true }).click();
    await page.locator(tid('reports-page')).waitFor();
    await page.locator(tid('statement-start')).fill('2026-11-01');
    await page.locator(tid('statement-end')).fill('2026-11-20');
    await page.locator(tid('statement-make')).click();
    await expectToast(page, translate('ok.reportMade', 'jp'));
    const row = page.locator('[data-kind="balance"]').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('2026-11-01 – 2026-11-20');

    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('button').click()]);
    expect(download.suggestedFilename()).toBe('kabuto-balance-2026-11-01.pdf');
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    await browser.screenshot('reports');

    // 320 px wide: nothing runs off the side
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(browser.errors).toEqual([]);
  });
});
