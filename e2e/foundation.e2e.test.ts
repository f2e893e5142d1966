import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import {
  type Credentials,
  expectToast,
  localValue,
  login,
  logout,
  openApp,
  openRegisterForm,
  openTab,
  register,
  submitLogin,
  waitForRoute,
} from './support/web.ts';

explainSkip('foundation');

describe.skipIf(!hasChromium())('foundation: register, log in, language, messages, news, passwords', () => {
  let server: RunningServer;
  let browser: Browser;
  const user: Credentials = { account: `e2e${Date.now().toString(36)}`, password: 'first-pass-1' };
  const newPassword = 'second-pass-2';

  const step = browserSteps(() => browser, 'foundation');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('splash runs the start-up steps and lands on login', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await page.locator('[data-testid="splash"]').waitFor();
    await waitForRoute(page, '/login/login', 30_000);
    expect(await page.title()).toBe('Kabuto');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
  });

  step('registration refuses without accepted terms, then registers', async () => {
    const { page } = browser;
    await openRegisterForm(page);
    await page.fill('input[name=account]', user.account);
    await page.fill('input[name=pwd]', user.password);
    await page.fill('input[name=pwd1]', user.password);
    await page.fill('input[name=inviter]', 'KABUTO2026');
    await page.click('button[type=submit]');
    await expectToast(page, translate('account.termsRequired', 'jp'));
    expect(new URL(page.url()).hash).toBe('#/login/register');
    await page.goto(`${server.url}/#/login/login`);
    await register(page, user);
    expect(await page.inputValue('input[name=account]')).toBe(user.account);
  });

  step('logs in and shows home with the account', async () => {
    const { page } = browser;
    await login(page, user);
    expect(await localValue(page, 'tokend')).toBeTruthy();
    expect(await localValue(page, 'account')).toBe(user.account);
    await page.locator('[data-testid="mypage-button"]').click();
    await expect.poll(() => page.locator('[data-testid="panel-account"]').textContent()).toBe(user.account);
    await page.locator('[data-testid="user-panel"] [data-testid="link-loginPassword"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="user-panel"]').waitFor({ state: 'detached' });
  });

  step('switches the language to English and back to Japanese', async () => {
    const { page } = browser;
    await openTab(page, 'menu');
    await page.locator('[data-testid="link-language"]').click();
    await waitForRoute(page, '/mine/language');
    await page.locator('[data-testid="language-us"]').click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.locator('[data-testid="page-title"]').textContent()).toBe('Language');
    expect(await localValue(page, 'language')).toBe('us');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.locator('[data-testid="language-jp"]').click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.locator('[data-testid="page-title"]').textContent()).toBe('言語設定');
    expect(await localValue(page, 'language')).toBe('jp');
  });

  step('opens the welcome message and marks it read', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/#/mine/menu`);
    await page.locator('[data-testid="link-messages"]').click();
    await waitForRoute(page, '/mine/message');
    const first = page.locator('[data-testid="message-item"]').first();
    await first.waitFor();
    expect(await first.getAttribute('data-read')).toBe('false');
    const title = (await first.locator('.k-msg-title').textContent())?.trim();
    await first.click();
    await waitForRoute(page, '/mine/messageInfo');
    await expect.poll(() => page.locator('article h1').textContent()).toBe(title);
    await page.locator('[data-testid="back-button"]').click();
    await waitForRoute(page, '/mine/message');
    await expect
      .poll(() => page.locator('[data-testid="message-item"]').first().getAttribute('data-read'))
      .toBe('true');
  });

  step('lists news and opens an article', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/#/news/index`);
    const first = page.locator('[data-testid="news-item"]').first();
    await first.waitFor();
    const title = (await first.locator('h3').textContent())?.trim();
    expect(title).toBeTruthy();
    await first.click();
    await waitForRoute(page, '/news/info');
    await expect.poll(() => page.locator('article h1').textContent()).toBe(title);
    expect((await page.locator('.k-article').textContent())?.trim()).toBeTruthy();
  });

  step('changes the login password', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/#/mine/menu`);
    await page.locator('[data-testid="link-loginPassword"]').click();
    await waitForRoute(page, '/mine/loginPassword');
    await page.fill('input[name=old_pass]', user.password);
    await page.fill('input[name=new_pass]', newPassword);
    await page.fill('input[name=new_passs]', `${newPassword}x`);
    await page.click('button[type=submit]');
    await expectToast(page, translate('account.passwordMismatch', 'jp'));
    await page.fill('input[name=new_passs]', newPassword);
    await page.click('button[type=submit]');
    await waitForRoute(page, '/mine/menu');
  });

  step('logs out, the old password is refused, the new one logs in', async () => {
    const { page } = browser;
    await logout(page);
    expect(await localValue(page, 'tokend')).toBeNull();
    expect(await localValue(page, 'account')).toBeNull();
    await submitLogin(page, user);
    await expectToast(page, translate('auth.wrongCredentials', 'jp'));
    expect(new URL(page.url()).hash).toBe('#/login/login');
    await login(page, { account: user.account, password: newPassword });
    expect(await localValue(page, 'tokend')).toBeTruthy();
  });

  step('a reload with a stored session goes through the splash to home; logout ends it', async () => {
    const { page } = browser;
    expect(await openApp(page, server.url)).toBe('home');
    await logout(page);
    expect(await localValue(page, 'tokend')).toBeNull();
    expect(browser.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
