import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminLogin, clickInDialog } from './support/admin.ts';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { newDataDir, type RunningServer, startServer } from './support/server.ts';

explainSkip('background jobs');

const OPERATOR = {
  user: process.env.DEMO_ADMIN ?? 'admin',
  pass: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};
const tid = (id: string) => `[data-testid="${id}"]`;

/** Runs SQL on the demo's embedded database while no server holds it (PGlite allows one process). */
async function onDatabase(dataDir: string, statement: string) {
  const db = new PGlite(join(dataDir, 'pglite'));
  try {
    await db.exec(statement);
  } finally {
    await db.close();
  }
}

describe.skipIf(!hasChromium())('background jobs in the back office at 375×812', () => {
  let server: RunningServer | undefined;
  let browser: Browser;
  const dataDir = newDataDir();
  const step = browserSteps(() => browser, 'jobs');
  // no retry: a failing daily job is dead-lettered at its first attempt
  const start = async () => {
    await server?.stop();
    server = await startServer({ dataDir, env: { JOB_RETRY_LIMIT: '0', JOB_RETRY_DELAY_SECONDS: '1' } });
  };
  const openJobs = async (filter: string) => {
    const { page } = browser;
    await adminLogin(page, server!.url, OPERATOR.user, OPERATOR.pass);
    await page.goto(`${server!.url}/admin/index.html#/jobs${filter === 'all' ? '' : `?state=${filter}`}`);
    await page.locator(tid('jobs-page')).waitFor();
  };

  beforeAll(async () => {
    // the demo made and seeded, then stopped; its stock loans' table moved away: the daily lending
    // accrual fails on every market
    await start();
    await server!.stop();
    await onDatabase(dataDir, 'alter table stock_loan rename to stock_loan_away');
    await start();
    browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  step('lists the dead-lettered daily job with its error, in Japanese, at 375 px', async () => {
    const { page } = browser;
    await openJobs('dead');
    const rows = page.locator(`${tid('jobs-row')}[data-job="lending"][data-state="dead"]`);
    // the page refreshes itself every few seconds while the leader's first round runs
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await rows.first().textContent()).toContain('デッドレター');
    expect(await rows.first().textContent()).toContain('stock_loan');
    expect(Number(await page.locator(tid('jobs-count-dead')).textContent())).toBeGreaterThan(0);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await browser.screenshot('jobs-dead-letter');
  });

  step(
    'after the cause is fixed, "Run again" with a reason completes it, and the audit log has it',
    async () => {
      await server!.stop();
      await onDatabase(dataDir, 'alter table stock_loan_away rename to stock_loan');
      await start();
      const { page } = browser;
      await openJobs('dead');
      const row = page.locator(`${tid('jobs-row')}[data-job="lending"][data-state="dead"]`).first();
      await row.waitFor();
      const id = await row.getAttribute('data-id');
      const rerun = row.locator(tid('jobs-rerun'));
      expect((await rerun.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await rerun.click();
      // a reason is required: the dialog stays and says so under the field
      const ok = page.locator('.ant-modal-confirm-btns .ant-btn-primary');
      await clickInDialog(ok);
      expect(await page.locator(tid('reason-confirm-error')).textContent()).toBe('理由を入力してください');
      await page.locator(tid('jobs-rerun-reason')).fill('stock_loan table restored');
      await ok.click();
      await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
      await page.goto(`${server!.url}/admin/index.html#/jobs`);
      const same = page.locator(`${tid('jobs-row')}[data-id="${id}"]`);
      await expect.poll(() => same.getAttribute('data-state'), { timeout: 60_000 }).toBe('completed');
      expect(await same.textContent()).toContain('再実行 1 回');
      await browser.screenshot('jobs-rerun-completed');

      await page.goto(`${server!.url}/admin/index.html#/audit?q=job.rerun`);
      await page.locator(tid('audit-row')).first().waitFor();
      expect(await page.locator(tid('audit-table')).textContent()).toContain('ジョブ再実行');
    },
  );
});
