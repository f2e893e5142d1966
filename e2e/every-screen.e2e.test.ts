import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@kabuto/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminLogin } from './support/admin.ts';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { ROOT, type RunningServer, startServer } from './support/server.ts';
import { login, openApp } from './support/web.ts';

explainSkip('every screen');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const OPERATOR = {
  user: process.env.DEMO_ADMIN ?? 'admin',
  pass: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};

/** Every web screen, as the route table lists it (the table is the truth; a new screen is swept too). */
const WEB_ROUTES = [
  ...readFileSync(join(ROOT, 'apps/web/src/app/routes.ts'), 'utf8').matchAll(/path: '([^']+)'/g),
].map((m) => m[1]);

/** Every back-office screen, from its router (gated sections, queues, passkeys, the dashboard). */
const ADMIN_ROUTES = (() => {
  const router = readFileSync(join(ROOT, 'apps/admin/src/app/router.tsx'), 'utf8');
  const queues = readFileSync(join(ROOT, 'apps/admin/src/lib/queues.ts'), 'utf8');
  const names = [...router.matchAll(/gated\('([^']+)'/g), ...router.matchAll(/path: '([a-z-]+)'/g)].map(
    (m) => m[1],
  );
  const queueNames = /QUEUES = \[([^\]]+)\]/.exec(queues)![1].match(/[a-z]+/g)!;
  return ['', ...names.flatMap((n) => (n === 'queues/:queue' ? queueNames.map((q) => `queues/${q}`) : [n]))];
})();

/** Every translation key of the apps and the server, flattened, whatever the shape of the files. */
function allKeys(): Set<string> {
  const keys = new Set<string>(Object.keys(MESSAGES));
  const flatten = (o: unknown, prefix: string) => {
    if (o === null || typeof o !== 'object') return;
    for (const [k, v] of Object.entries(o)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (typeof v === 'string') {
        keys.add(key);
        keys.add(k);
      } else flatten(v, key);
    }
  };
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.json')) flatten(JSON.parse(readFileSync(p, 'utf8')), '');
    }
  };
  walk(join(ROOT, 'apps/web/src/locales'));
  walk(join(ROOT, 'apps/admin/src/locales'));
  return new Set([...keys].filter((k) => k.includes('.')));
}

const KEYS = allKeys();

/**
 * What a screen must never show: a raw translation key, an unfilled `{placeholder}`, an amount in the
 * wire's unformatted decimals (`10000000.0000`), or a value that leaked as `undefined`/`NaN`/`null`.
 */
function problemsIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+/g)) {
    if (KEYS.has(m[0])) found.push(`raw key ${m[0]}`);
  }
  for (const m of text.matchAll(/\{\{?[A-Za-z_]+\}?\}/g)) found.push(`placeholder ${m[0]}`);
  for (const m of text.matchAll(/(?<![\d,.])\d{4,}\.\d{4}(?!\d)/g)) {
    const around = text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 10).replace(/\s+/g, ' ');
    found.push(`unformatted amount ${m[0]} in "${around}"`);
  }
  for (const m of text.matchAll(/\b(undefined|NaN|null|\[object Object\])\b/g)) found.push(`leaked ${m[0]}`);
  return found;
}

const BUSY =
  '.k-spinner, .adm-skeleton, .adm-spin-loading, .ant-spin-spinning, .ant-skeleton, [data-testid$="skeleton"], [data-testid="state-loading"]';

/**
 * Open a hash route and wait until it has settled: nothing on it loading, no new resource fetched and
 * the text unchanged over two looks in a row (at most a few seconds), so that what is read is this
 * screen's, not the last one's.
 */
async function settle(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const state = () =>
    page.evaluate(
      (busy) =>
        `${document.querySelectorAll(busy).length}|${performance.getEntriesByType('resource').length}|${document.body.innerText.length}`,
      BUSY,
    );
  let last = '';
  let same = 0;
  for (let i = 0; i < 40 && same < 2; i++) {
    await page.waitForTimeout(150);
    const now = await state();
    same = now === last && now.startsWith('0|') ? same + 1 : 0;
    last = now;
  }
}

/**
 * Runs in the page: every visible control (button, link, field, tab, radio, switch) whose tappable area
 * is under 44 × 44 px; a control inside a label counts as the label, which is what a finger taps.
 */
function smallTargets(): string[] {
  const out: string[] = [];
  const controls = document.querySelectorAll(
    'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=radio], [role=checkbox], [role=switch]',
  );
  for (const el of controls) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
    // only what a finger can reach: not behind a sheet's mask or off the screen
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit) || hit.contains(el) || el.closest('label')?.contains(hit)))
      continue;
    const area = el.closest('label')?.getBoundingClientRect() ?? box;
    // a hit area widened by an absolutely placed ::after (negative insets) counts
    const after = getComputedStyle(el, '::after');
    const grow = (v: string) =>
      after.content !== 'none' && after.position === 'absolute' ? Math.max(0, -Number.parseFloat(v) || 0) : 0;
    const height = area.height + grow(after.top) + grow(after.bottom);
    const width = area.width + grow(after.left) + grow(after.right);
    if (height < 44 || width < 44) {
      const name =
        el.getAttribute('data-testid') ??
        el.getAttribute('aria-label') ??
        el.textContent?.trim().slice(0, 20);
      out.push(`${name || el.tagName} ${Math.round(width)}×${Math.round(height)}`);
    }
  }
  return out;
}

/** The screen's visible text and, at a width, whether the page scrolls sideways. */
const look = (page: Page) =>
  page.evaluate(() => ({
    text: document.body.innerText,
    overflow: document.documentElement.scrollWidth > window.innerWidth + 1,
  }));

const LANGS = ['jp', 'cn', 'us'] as const;
/** The web app is read at the narrowest phone and the common one; the back office on a desktop too. */
const WEB_WIDTHS = [320, 375] as const;
const ADMIN_WIDTHS = [320, 375, 1280] as const;

/** The screen read at a width: the viewport set, then two frames for the layout to follow. */
async function lookAt(page: Page, width: number): Promise<{ text: string; overflow: boolean }> {
  if (page.viewportSize()?.width !== width) {
    await page.setViewportSize({ width, height: 812 });
    await page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
  }
  return look(page);
}

describe.skipIf(!hasChromium())(
  'every screen in jp, cn and us: no raw keys, placeholders or raw amounts',
  () => {
    let server: RunningServer;
    let browser: Browser;
    const step = browserSteps(() => browser, 'every-screen');
    /** The menu screen's text per language: the sweep really saw each language. */
    const menuText: Record<string, string> = {};

    beforeAll(async () => {
      server = await startServer({ env: { KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00' } });
      browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    step('the route tables were read', async () => {
      expect(WEB_ROUTES.length).toBeGreaterThan(40);
      expect(WEB_ROUTES).toContain('/mine/stored');
      expect(ADMIN_ROUTES).toEqual(expect.arrayContaining(['', 'queues/kyc', 'config', 'reconcile']));
      expect(KEYS.size).toBeGreaterThan(500);
      // the checks themselves find what they look for
      expect(problemsIn('auth.wrongCredentials 残高 {amount} 10000000.0000 NaN')).toEqual([
        'raw key auth.wrongCredentials',
        'placeholder {amount}',
        'unformatted amount 10000000.0000 in ".wrongCredentials 残高 {amount} 10000000.0000 NaN"',
        'leaked NaN',
      ]);
      expect(problemsIn('¥10,000,000 1.0000 Ver. 1.0.0 0.30%')).toEqual([]);
    });

    // every language in turn; each route is opened once at 320 px (the narrowest phone, where overflow
    // shows) and read again at 375 px (the common phone) after the page has laid itself out again
    for (const lang of LANGS) {
      step(`the web app in ${lang} at ${WEB_WIDTHS.join(' and ')} px`, async () => {
        const { page } = browser;
        await page.setViewportSize({ width: WEB_WIDTHS[0], height: 812 });
        if (lang === 'jp') {
          expect(await openApp(page, server.url)).toBe('login');
          await login(page, DEMO);
        }
        await page.evaluate((l) => localStorage.setItem('language', l), lang);
        await page.reload();
        const problems = new Set<string>();
        for (const route of WEB_ROUTES) {
          await page.setViewportSize({ width: WEB_WIDTHS[0], height: 812 });
          await settle(page, `${server.url}/#${route}`);
          for (const width of WEB_WIDTHS) {
            const { text, overflow } = await lookAt(page, width);
            for (const p of problemsIn(text)) problems.add(`${route}: ${p}`);
            if (overflow) problems.add(`${route}: scrolls sideways at ${width} px`);
            if (route === '/mine/menu') menuText[lang] = text;
          }
          // the default market data is the simulator: its notice is on every screen
          if (!(await page.locator('.k-demo-notice').isVisible()))
            problems.add(`${route}: no simulated notice`);
        }
        expect([...problems]).toEqual([]);
        expect(menuText[lang].length).toBeGreaterThan(50);
        if (lang !== 'jp') expect(menuText[lang]).not.toEqual(menuText.jp);
      });
    }

    step(
      'tap targets of the main flows are at least 44 px (bottom tabs, order sheet, deposit, withdraw)',
      async () => {
        const { page } = browser;
        await page.setViewportSize({ width: 375, height: 812 });
        await page.evaluate(() => localStorage.setItem('language', 'jp'));
        await page.reload();
        const small: string[] = [];
        const check = async (where: string) => {
          for (const f of await page.evaluate(smallTargets)) small.push(`${where}: ${f}`);
        };
        await settle(page, `${server.url}/#/home/index`);
        await check('home (bottom tabs)');
        await settle(page, `${server.url}/#/quotes/info?symbol=7203&type=jpy`);
        await page.locator('[data-testid="buy-long"]').click();
        await page.locator('[data-testid="order-sheet"]').waitFor({ state: 'visible' });
        await page.waitForTimeout(400);
        await check('order sheet');
        await settle(page, `${server.url}/#/mine/stored`);
        await check('deposit');
        await settle(page, `${server.url}/#/mine/withdraw`);
        await check('withdraw');
        expect(small).toEqual([]);
      },
    );

    // the back office: every language at 320 and 375 px and on a desktop, each route opened once
    for (const lang of LANGS) {
      step(`the back office in ${lang} at ${ADMIN_WIDTHS.join(', ')} px`, async () => {
        const { page } = browser;
        await page.setViewportSize({ width: ADMIN_WIDTHS[0], height: 812 });
        if (lang === 'jp') await adminLogin(page, server.url, OPERATOR.user, OPERATOR.pass);
        await page.evaluate((l) => localStorage.setItem('admin_language', l), lang);
        await page.reload();
        const problems = new Set<string>();
        for (const route of ADMIN_ROUTES) {
          await page.setViewportSize({ width: ADMIN_WIDTHS[0], height: 812 });
          await settle(page, `${server.url}/admin/index.html#/${route}`);
          for (const width of ADMIN_WIDTHS) {
            const { text } = await lookAt(page, width);
            for (const p of problemsIn(text)) problems.add(`/${route}: ${p}`);
          }
        }
        expect([...problems]).toEqual([]);
      });
    }
  },
);
