/**
 * Browser helpers for the mobile app (apps/web, served at / with a hash router).
 *
 * Stable hooks on the screens (data-testid unless noted):
 *   splash, auth-screen (login and register), language-select (before login);
 *   inputs by name: account, password (login); account, pwd, pwd1, inviter, terms (register);
 *   old_pass, new_pass, new_passs (password screens); the submit button is button[type=submit];
 *   home-header, header-messages, mypage-button, user-panel, panel-account;
 *   page-title, back-button (page header); tab-<home|watchlist|positions|news|menu>;
 *   link-<id> (menu rows and panel tiles, ids as in apps/web/src/components/links.ts), shortcut-<id>;
 *   message-item (data-read="true|false"), news-item, language-<jp|cn|us>;
 *   .k-toast-body (the toast text).
 */
import type { Page } from 'playwright-core';

/** The invite code the server seeds. */
export const DEMO_INVITE = 'KABUTO2026';

const tid = (id: string) => `[data-testid="${id}"]`;

/** Wait until the hash route is `path` (query string ignored). */
export async function waitForRoute(page: Page, path: string, timeout = 20_000): Promise<void> {
  await page.waitForURL((url) => url.hash.split('?')[0] === `#${path}`, { timeout });
}

/** The toast currently shown (waits for one to appear). */
export async function toastText(page: Page, timeout = 10_000): Promise<string> {
  const toast = page.locator('.k-toast-body').last();
  await toast.waitFor({ state: 'visible', timeout });
  return (await toast.textContent()) ?? '';
}

/** Wait for a toast with exactly this text. */
export async function expectToast(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.locator('.k-toast-body', { hasText: text }).first().waitFor({ state: 'visible', timeout });
}

/** Open the app at `/`: the splash runs and lands on login (or home with a valid stored session). */
export async function openApp(page: Page, baseUrl: string): Promise<'login' | 'home'> {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL((url) => ['#/login/login', '#/home/index'].includes(url.hash), { timeout: 30_000 });
  return new URL(page.url()).hash === '#/home/index' ? 'home' : 'login';
}

export interface Credentials {
  account: string;
  password: string;
}

/** From the login screen: register a new account, accept the terms; ends back on login. */
export async function register(page: Page, { account, password }: Credentials, invite = DEMO_INVITE) {
  await openRegisterForm(page);
  await page.fill('input[name=account]', account);
  await page.fill('input[name=pwd]', password);
  await page.fill('input[name=pwd1]', password);
  await page.fill('input[name=inviter]', invite);
  await page.check('input[name=terms]');
  await page.click('button[type=submit]');
  await waitForRoute(page, '/login/login');
}

/**
 * From the login screen, open the registration form and wait until it is on screen. The URL changes
 * before the new page renders, and both pages have an `account` field: filling it on the URL alone can
 * type into the login page that is about to go (seen on a busy machine).
 */
export async function openRegisterForm(page: Page): Promise<void> {
  await page.locator('a[href="#/login/register"]').first().click();
  await waitForRoute(page, '/login/register');
  await page.locator('input[name=pwd1]').waitFor();
}

/** Fill the login form and submit (does not wait for the outcome). */
export async function submitLogin(page: Page, { account, password }: Credentials): Promise<void> {
  // the login form itself, not a registration form still on its way out (see openRegisterForm)
  await page.locator('input[name=password]').waitFor();
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
}

/** Log in from the login screen and wait for home. */
export async function login(page: Page, credentials: Credentials): Promise<void> {
  await submitLogin(page, credentials);
  await waitForRoute(page, '/home/index');
  await page.locator(tid('home-header')).waitFor();
}

/** Open a bottom tab. */
export async function openTab(page: Page, tab: 'home' | 'watchlist' | 'positions' | 'news' | 'menu') {
  await page.locator(tid(`tab-${tab}`)).click();
}

/** From any screen with the bottom menu: Menu → Log out → confirm; waits for the login screen. */
export async function logout(page: Page): Promise<void> {
  await openTab(page, 'menu');
  await waitForRoute(page, '/mine/menu');
  await page.locator(tid('link-logout')).click();
  await page.locator('.adm-dialog-footer .adm-dialog-button-bold').click();
  await waitForRoute(page, '/login/login');
}

export const localValue = (page: Page, key: string): Promise<string | null> =>
  page.evaluate((k) => window.localStorage.getItem(k), key);
