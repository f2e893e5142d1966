/**
 * `npm run test:lighthouse` (part of `npm test`): Lighthouse's deterministic budgets on the pages users
 * open first (login, splash → login, home, a stock's detail; e2e/support/lighthouse.ts), one run a page:
 *
 * - accessibility ≥ 95 on every page (Lighthouse's accessibility audits inspect the page, not its timing);
 * - at most 100 KB of JavaScript transferred for the first screen (login, splash → login): a byte count;
 * - no errors in the browser's console (the `errors-in-console` audit) on every page.
 *
 * The performance score, LCP and TBT are measurements of the machine, not budgets: `npm run bench --
 * lighthouse` reports them (bench/lighthouse), and nothing here asserts them.
 * LIGHTHOUSE_PAGES=stock (or a list: login,splash,home,stock) checks only those pages.
 * Reports go to e2e/artifacts/lighthouse/.
 */
import { join } from 'node:path';
import { hasChromium, type Lhr, measure, pageOf, scriptBytes } from '../e2e/support/lighthouse.ts';
import { ROOT } from '../e2e/support/server.ts';

export const BUDGETS = { accessibility: 0.95, scriptBytes: 100 * 1024 };
const OUT = join(ROOT, 'e2e', 'artifacts', 'lighthouse');

if (!hasChromium()) {
  process.stdout.write(
    'lighthouse: skipped — /usr/bin/chromium is not installed (apt-get install -y chromium)\n',
  );
  process.exit(0);
}

const errorsOf = (r: Lhr) => (r.audits['errors-in-console'].details?.items ?? []).length;

async function main() {
  const assertion = (o: object) => ['error', { ...o, aggregationMethod: 'median-run' }];
  const { runs, asserted } = await measure({
    out: OUT,
    runs: () => 1,
    pages: process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()),
    assertions: (_page, firstScreen) => ({
      'categories:accessibility': assertion({ minScore: BUDGETS.accessibility }),
      'errors-in-console': ['error', { maxLength: 0 }],
      ...(firstScreen
        ? { 'resource-summary:script:size': assertion({ maxNumericValue: BUDGETS.scriptBytes }) }
        : {}),
    }),
  });
  for (const r of runs)
    process.stdout.write(
      `lighthouse: ${pageOf(r.requestedUrl).padEnd(8)} accessibility ${Math.round((r.categories.accessibility.score ?? 0) * 100)}` +
        `, JS ${(scriptBytes(r) / 1024).toFixed(1)} KB, console errors ${errorsOf(r)}\n`,
    );
  process.stdout.write(
    `lighthouse: ${asserted ? 'within its budgets' : 'FAILED its budgets'} (reports in e2e/artifacts/lighthouse)\n`,
  );
  process.exit(asserted ? 0 : 1);
}

main().catch((e) => {
  process.stderr.write(`lighthouse: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
