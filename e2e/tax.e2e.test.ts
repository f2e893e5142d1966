import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { openScreen } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { apiCall, type Reply } from './support/trading.ts';
import { expectToast, login, openApp } from './support/web.ts';

explainSkip('tax account');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const tid = (id: string) => `[data-testid="${id}"]`;

describe.skipIf(!hasChromium())('tax account (特定口座, NISA) at 375×812', () => {
  let server: RunningServer;
  let browser: Browser;
  const step = browserSteps(() => browser, 'tax');

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

  step('opens NISA on My page › Tax account, buys into it, and sees the quota used', async () => {
    const { page } = browser;
    expect(await openApp(page, server.url)).toBe('login');
    await login(page, DEMO);
    await openScreen(page, server.url, '/mine/myPage');
    await page.getByText('税務区分・NISA', { exact: true }).click();
    await page.locator(tid('tax-page')).waitFor();
    expect(await page.locator(`${tid('tax-kind-withholding')}[aria-pressed="true"]`).count()).toBe(1);
    await page.locator(tid('tax-nisa')).check();
    await page.locator(tid('tax-save')).click();
    await expectToast(page, translate('ok.taxAccountSet', 'jp'));
    const order = await apiCall<Reply<{ id: string }>>(page, '/trade/buy_stock', {
      symbol: '7203',
      zhang: '100',
      ganggan: '1',
      buyzd: 1,
      gdlx: 1,
      type: 'jpy',
      nisa: 1,
    });
    expect(order.status).toBe(1);
    await page.reload();
    await page.locator(tid('tax-page')).waitFor();
    await expect.poll(() => page.locator(tid('tax-nisa-year')).textContent()).not.toMatch(/^0円/);
    expect(await page.locator(tid('tax-nisa-year')).textContent()).toContain('2,400,000');
    await browser.screenshot('tax-account');
  });
});
