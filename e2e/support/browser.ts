/**
 * Headless Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core, a fresh
 * profile per launch, a phone-sized viewport by default. Tests skip themselves when it is missing.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { it } from 'vitest';
import { ROOT } from './server.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const hasChromium = (): boolean => existsSync(CHROMIUM_PATH);

/** Say clearly why a browser test did not run. */
export function explainSkip(name: string): void {
  if (!hasChromium()) {
    console.warn(
      `[e2e] ${name}: skipped — ${CHROMIUM_PATH} not found (apt-get install -y chromium fonts-noto-cjk)`,
    );
  }
}

export interface LaunchOptions {
  viewport?: { width: number; height: number };
  /** Emulate a touch phone (default true for widths under 500 px). */
  mobile?: boolean;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors seen so far. */
  errors: string[];
  /** Save a screenshot under e2e/artifacts/ (ignored by git). */
  screenshot: (name: string) => Promise<string>;
  close: () => Promise<void>;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const viewport = options.viewport ?? { width: 375, height: 812 };
  const mobile = options.mobile ?? viewport.width < 500;
  const profile = mkdtempSync(join(tmpdir(), 'kabuto-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport,
    isMobile: mobile,
    hasTouch: mobile,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const artifacts = join(ROOT, 'e2e', 'artifacts');
  return {
    context,
    page,
    errors,
    screenshot: async (name) => {
      mkdirSync(artifacts, { recursive: true });
      const path = join(artifacts, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The steps of a browser test: each an `it` that, when it fails, saves a screenshot
 * (`<prefix>-<step name>`) and prints the page's address and the errors the page logged. `timeout`: a
 * step longer than the configured test timeout.
 */
export function browserSteps(browser: () => Browser | undefined, prefix: string) {
  return (name: string, fn: () => Promise<void>, timeout?: number) =>
    it(
      name,
      async (ctx) => {
        ctx.onTestFailed(async () => {
          const b = browser();
          const shot = await b?.screenshot(`${prefix}-${name.replace(/\W+/g, '-')}`).catch(() => '');
          console.error(`[e2e] ${name} failed at ${b?.page.url()} ${shot ? `(screenshot ${shot})` : ''}`);
          if (b?.errors.length) console.error(b.errors.join('\n'));
        });
        await fn();
      },
      timeout,
    );
}
