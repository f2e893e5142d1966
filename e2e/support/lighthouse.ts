/**
 * Lighthouse CI (`@lhci/cli`, Debian's Chromium at /usr/bin/chromium) on the pages users open first,
 * mobile with simulated throttling, against the real server (the built apps, a fresh embedded database,
 * the clock inside the Tokyo session):
 *
 * - login (`#/login/login`) and splash → login (`#/login/start`), logged out;
 * - home (`#/home/index`) and a stock's detail (`#/quotes/info?…`), logged in as the demo user (the
 *   token is put in local storage before each run, as the app keeps it).
 *
 * Shared by the test command's budgets (scripts/lighthouse.ts: accessibility, first-screen JavaScript,
 * console errors — none of them a timing) and the benchmark (bench/lighthouse: the performance score,
 * LCP, TBT and bytes, which are measurements of this machine and asserted nowhere).
 *
 * Each run is one URL in a browser of its own, with the Japanese fonts read into memory first
 * (`japaneseFonts`); each logged-in run gets its HTTP cache cleared after the session is stored (a cold
 * start, as the logged-out runs have).
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, startServer } from './server.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = () => existsSync(CHROMIUM);

/** The page a measured URL names (lhci groups runs by URL without the fragment: a query names it). */
export const pageOf = (url: string) => new URL(url).searchParams.get('page') ?? '';

/** A Lighthouse result, the fields read here. */
export interface Lhr {
  requestedUrl: string;
  finalUrl?: string;
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: { items?: unknown[] } }>;
  environment: { benchmarkIndex: number };
}

/** What lhci asserts for a page (an lhci `assertions` object), by the page's name and kind. */
export type Assertions = (page: string, firstScreen: boolean) => Record<string, unknown>;

export interface MeasureOptions {
  /** Where reports go (emptied first). */
  out: string;
  /** How many runs of `page`. */
  runs: (page: string) => number;
  /** Only these pages (all four when absent). */
  pages?: string[];
  /** Assertions for `lhci assert`; none asserted when absent. */
  assertions?: Assertions;
}

/**
 * The font files the system gives Japanese text (fontconfig; none when it is absent). This virtual
 * machine hands memory it has not touched for about a minute back to its host, the page cache included:
 * the first layout of Japanese text after that read the CJK fonts (~20 MB a file) from disk inside one
 * task. A phone keeps its system fonts resident, so they are read in before each run.
 */
function japaneseFonts(): string[] {
  const r = spawnSync('fc-list', [':lang=ja', 'file'], { encoding: 'utf8' });
  if (r.status !== 0) return [];
  return [...new Set(r.stdout.split('\n').map((l) => l.replace(/:\s*$/, '').trim()))].filter(Boolean);
}

/** Reads `files` through, so that their pages are in memory (in 1 MiB pieces; nothing is kept). */
function warmFonts(files: string[]) {
  const piece = Buffer.allocUnsafe(1 << 20);
  for (const file of files) {
    const fd = openSync(file, 'r');
    try {
      while (readSync(fd, piece, 0, piece.length, null) > 0);
    } finally {
      closeSync(fd);
    }
  }
}

const lhci = (args: string[]) =>
  spawnSync(join(ROOT, 'node_modules', '.bin', 'lhci'), args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });

/** The JavaScript a run transferred, in bytes. */
export const scriptBytes = (r: Lhr) =>
  (
    (r.audits['resource-summary'].details?.items ?? []) as { resourceType: string; transferSize: number }[]
  ).find((i) => i.resourceType === 'script')?.transferSize ?? 0;

/**
 * Runs Lighthouse on the pages; returns every run's result and whether `lhci assert` passed (true when
 * nothing is asserted).
 */
export async function measure(opts: MeasureOptions): Promise<{ runs: Lhr[]; asserted: boolean }> {
  rmSync(opts.out, { recursive: true, force: true });
  mkdirSync(opts.out, { recursive: true });
  const server = await startServer({
    env: { KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00', LOG_LEVEL: 'warn' },
  });
  const results: Lhr[] = [];
  let asserted = true;
  try {
    const login = (await (
      await fetch(`${server.url}/api/vue/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'demo0001', password: process.env.DEMO_PASSWORD ?? 'kabuto-demo-1' }),
      })
    ).json()) as { status: number; data: { token: string } };
    if (login.status !== 1) throw new Error(`demo login failed: ${JSON.stringify(login)}`);

    // Logged-in pages: a puppeteer script (puppeteer-core, which lighthouse brings) puts the session in
    // local storage before each run, and the run keeps storage.
    const script = join(opts.out, 'session.cjs');
    writeFileSync(
      script,
      `module.exports = async (browser) => {
  const page = await browser.newPage();
  await page.goto(${JSON.stringify(`${server.url}/favicon.ico`)});
  await page.evaluate(() => {
    localStorage.setItem('tokend', ${JSON.stringify(login.data.token)});
    localStorage.setItem('account', 'demo0001');
  });
  // the run keeps storage (the session), so it would keep the HTTP cache too: start it empty
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
};
`,
    );
    const chromeFlags = [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ];
    // lhci groups runs by URL without the fragment, and the app's routes are fragments: a query names the page.
    const page = (name: string, route: string) => `${server.url}/?page=${name}#${route}`;
    const kinds = {
      public: {
        urls: [page('login', '/login/login'), page('splash', '/login/start')],
        session: false,
        firstScreen: true,
      },
      session: {
        urls: [page('home', '/home/index'), page('stock', '/quotes/info?symbol=7203&type=jpy')],
        session: true,
        firstScreen: false,
      },
    };
    const fonts = japaneseFonts();
    for (const [name, all] of Object.entries(kinds)) {
      const k = { ...all, urls: all.urls.filter((u) => !opts.pages || opts.pages.includes(pageOf(u))) };
      if (k.urls.length === 0) continue;
      const config = join(opts.out, `${name}.lighthouserc.json`);
      writeFileSync(
        config,
        JSON.stringify(
          {
            ci: {
              collect: {
                url: k.urls,
                chromePath: CHROMIUM,
                settings: {
                  onlyCategories: ['performance', 'accessibility', 'best-practices'],
                  // with a puppeteer script lhci launches Chromium itself, with puppeteerLaunchOptions
                  ...(k.session ? { disableStorageReset: true } : { chromeFlags: chromeFlags.join(' ') }),
                },
                ...(k.session
                  ? {
                      puppeteerScript: relative(ROOT, script),
                      puppeteerLaunchOptions: { executablePath: CHROMIUM, args: chromeFlags },
                    }
                  : {}),
              },
              assert: {
                // one set of assertions per page (lhci matches the pattern against the URL)
                assertMatrix: k.urls.map((url) => ({
                  matchingUrlPattern: `page=${pageOf(url)}`,
                  assertions: opts.assertions?.(pageOf(url), k.firstScreen) ?? {},
                })),
              },
            },
          },
          null,
          2,
        ),
      );
      // One run of one URL per call: lhci runs the session script once per URL and keeps one browser, so
      // later runs would find the scripts in its cache; and the fonts are read in before each run.
      const runs = Math.max(...k.urls.map((url) => opts.runs(pageOf(url))));
      for (let run = 0; run < runs; run++) {
        for (const url of k.urls.filter((u) => run < opts.runs(pageOf(u)))) {
          warmFonts(fonts);
          const r = lhci([
            'collect',
            `--config=${config}`,
            `--url=${url}`,
            '--numberOfRuns=1',
            ...(run > 0 || url !== k.urls[0] ? ['--additive'] : []),
          ]);
          if (r.status !== 0) throw new Error(`lhci collect failed for ${url}`);
        }
      }
      if (opts.assertions && lhci(['assert', `--config=${config}`]).status !== 0) asserted = false;
      // Keep this kind's reports before the next collect clears .lighthouseci.
      const dir = join(opts.out, name);
      mkdirSync(dir, { recursive: true });
      for (const f of readdirSync(join(ROOT, '.lighthouseci'))) {
        writeFileSync(join(dir, f), readFileSync(join(ROOT, '.lighthouseci', f)));
        if (f.startsWith('lhr-') && f.endsWith('.json'))
          results.push(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Lhr);
      }
    }
  } finally {
    await server.stop();
    rmSync(join(ROOT, '.lighthouseci'), { recursive: true, force: true });
  }
  return { runs: results, asserted };
}
