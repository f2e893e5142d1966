import { translate } from '@kabuto/contract';
import { FIXTURE_API_KEY, type FixtureServer, startFixtureServer } from '@kabuto/market/testing';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { confirmDialog, searchAndOpen } from './support/trading.ts';
import { expectToast, login, openApp, waitForRoute } from './support/web.ts';

explainSkip('market data');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const tid = (id: string) => `[data-testid="${id}"]`;
const DELAYED = '20分遅延';

/**
 * `MARKET_PROVIDER=jpy:jquants` pointed at the fixture server (J-Quants' documented replies on a local
 * port), at 375×812: Japanese prices say they are delayed wherever they show, and an order is refused as
 * delayed. The other markets stay simulated, so the all-simulated notice is not shown.
 */
describe.skipIf(!hasChromium())('market data: delayed labels and refusal with jpy:jquants', () => {
  let fx: FixtureServer;
  let server: RunningServer;
  let browser: Browser;
  const step = browserSteps(() => browser, 'market-data');

  beforeAll(async () => {
    fx = await startFixtureServer();
    server = await startServer({
      env: {
        KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00',
        MARKET_PROVIDER: 'jpy:jquants',
        JQUANTS_API_KEY: FIXTURE_API_KEY,
        JQUANTS_BASE_URL: fx.jquantsUrl,
        JQUANTS_RATE_PER_MIN: '6000',
      },
    });
    browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fx?.close();
  });

  step(
    'home: TOPIX and the Japanese quote lists carry the delayed label; no simulated-prices notice',
    async () => {
      const { page } = browser;
      expect(await openApp(page, server.url)).toBe('login');
      await login(page, DEMO);
      const topix = page.locator(`${tid('index-card')}[data-symbol="TOPIX"]`);
      await topix.waitFor();
      expect(await topix.locator(tid('data-mode')).textContent()).toBe(DELAYED);
      const row = page.locator(tid('quote-row')).first();
      await row.waitFor();
      expect(await row.locator(tid('data-mode')).textContent()).toBe(DELAYED);
      expect(await page.locator('.k-demo-notice').count()).toBe(0);
    },
  );

  step('stock detail and the order sheet say delayed; the order is refused as delayed', async () => {
    const { page } = browser;
    await page.locator(tid('home-search')).click();
    await waitForRoute(page, '/quotes/search');
    await searchAndOpen(page, '7203', '7203');
    await waitForRoute(page, '/quotes/info');
    await expect.poll(() => page.locator(tid('data-mode')).first().textContent()).toBe(DELAYED);
    await page.locator(tid('buy-long')).click();
    const sheet = page.locator(tid('order-sheet'));
    await sheet.waitFor({ state: 'visible' });
    expect(await page.locator(`.k-sheet-head ${tid('data-mode')}`).textContent()).toBe(DELAYED);
    await page.locator(tid('order-type-market')).click();
    await page.locator(tid('order-leverage-1')).click();
    await page.locator(tid('order-qty')).fill('100');
    await page.locator(tid('order-submit')).click();
    await page.locator(tid('order-confirm')).waitFor({ state: 'visible' });
    await confirmDialog(page);
    await expectToast(page, translate('trade.quoteDelayed', 'jp'));
  });
});
