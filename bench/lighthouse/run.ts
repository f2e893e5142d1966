/**
 * `npm run bench -- lighthouse`: Lighthouse's measurements of the pages users open first (login,
 * splash → login, home, a stock's detail; e2e/support/lighthouse.ts), mobile with simulated throttling:
 * each page's median performance score, largest contentful paint, total blocking time and bytes
 * transferred over its runs, with Lighthouse's benchmark index of the machine (the simulation scales
 * the tasks it observed: a busier machine, a lower index, lower scores). Nothing is asserted: the test
 * command holds only the deterministic budgets (scripts/lighthouse.ts). Build first (`npm run build`).
 *
 * Environment: LIGHTHOUSE_RUNS (runs a page, default 3), LIGHTHOUSE_PAGES (login,splash,home,stock).
 * Reports go to bench/results/lighthouse/.
 */
import { join } from 'node:path';
import { hasChromium, type Lhr, measure, pageOf, scriptBytes } from '../../e2e/support/lighthouse.ts';
import { ROOT } from '../../e2e/support/server.ts';

if (!hasChromium()) {
  process.stdout.write(
    'lighthouse: skipped — /usr/bin/chromium is not installed (apt-get install -y chromium)\n',
  );
  process.exit(0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const num = (r: Lhr, audit: string) => r.audits[audit]?.numericValue ?? Number.NaN;

async function main() {
  const runs = Number(process.env.LIGHTHOUSE_RUNS || 3);
  const { runs: results } = await measure({
    out: join(ROOT, 'bench', 'results', 'lighthouse'),
    runs: () => runs,
    pages: process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()),
  });
  const byPage = new Map<string, Lhr[]>();
  for (const r of results)
    byPage.set(pageOf(r.requestedUrl), [...(byPage.get(pageOf(r.requestedUrl)) ?? []), r]);
  process.stdout.write(
    `page      runs  performance (runs)        LCP ms   TBT ms   bytes KB  JS KB  benchmark index\n`,
  );
  // a run whose scripts came from the browser's cache measured a warm start, not the cold one: it is
  // left out of the medians (and reported) unless every run of the page was warm
  const cold = (r: Lhr) => scriptBytes(r) >= 10 * 1024;
  for (const [page, all] of byPage) {
    const rs = all.some(cold) ? all.filter(cold) : all;
    if (rs.length < all.length || !all.some(cold))
      process.stdout.write(
        `${page}: ${all.length - (all.some(cold) ? rs.length : 0)} run(s) found a warm cache\n`,
      );
    const scores = rs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100));
    process.stdout.write(
      `${page.padEnd(9)} ${String(rs.length).padStart(4)}  ${String(median(scores)).padStart(3)} (${scores.join(', ')})`.padEnd(
        42,
      ) +
        `${median(rs.map((r) => num(r, 'largest-contentful-paint')))
          .toFixed(0)
          .padStart(6)}` +
        `${median(rs.map((r) => num(r, 'total-blocking-time')))
          .toFixed(0)
          .padStart(9)}` +
        `${(median(rs.map((r) => num(r, 'total-byte-weight'))) / 1024).toFixed(0).padStart(11)}` +
        `${(median(rs.map(scriptBytes)) / 1024).toFixed(0).padStart(7)}` +
        `${median(rs.map((r) => r.environment.benchmarkIndex))
          .toFixed(0)
          .padStart(17)}\n`,
    );
  }
}

main().catch((e) => {
  process.stderr.write(`lighthouse: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
