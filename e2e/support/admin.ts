/**
 * Browser helpers for the back office (apps/admin, served at /admin/ with a hash router).
 *
 * Stable `data-testid` hooks on the screens:
 *
 * Login (`#/login`)
 *   login-form, login-username, login-password, login-submit, login-error (translated refusal),
 *   login-expired (shown after a 401 sent the operator back)
 * Shell
 *   admin-layout (carries data-role="reviewer|operator|admin"), nav-menu, operator-name, operator-role,
 *   logout-button, language-switch, language-jp / language-cn / language-us,
 *   nav-dashboard, nav-queue-kyc / nav-queue-deposits / nav-queue-withdrawals / nav-queue-loans,
 *   nav-users, nav-audit, nav-config, nav-reconcile, nav-operators, nav-badge-<queue>, page-title,
 *   role-forbidden (a section the role may not see), not-found
 * Shared states
 *   state-loading, state-error, state-retry, state-empty, status-tag (data-status = raw value),
 *   record-image (zoomable thumbnail), record-image-error, reason-confirm-error (an action's reason
 *   dialog: the missing reason or the server's refusal, under the field; the dialog stays open)
 * Dashboard (`#/`)
 *   dashboard-page, dashboard-refresh, dashboard-total, queue-count-<queue> (card linking to the queue),
 *   queue-count-<queue>-value (data-count = the pending count)
 * Queues (`#/queues/<kyc|deposits|withdrawals|loans|daytrades>?status=&page=&size=`)
 *   queue-page-<queue>, queue-refresh, queue-status-filter,
 *   queue-status-pending / -approved / -rejected / -all, queue-table, queue-row (data-id = row id),
 *   decide-approve, decide-reject (per row), decide-outcome (data-outcome = approved|rejected|alreadyDecided),
 *   decide-modal, decide-title, decide-images, decide-reason, decide-confirm, decide-cancel,
 *   decide-error, decide-already-decided
 * Users (`#/users?q=&state=&page=&user=<id>`)
 *   users-page, users-search, users-state-filter, users-table, user-row (data-id), user-open,
 *   user-detail, user-detail-sections, user-section-<key>, user-tab-details, user-tab-manage,
 *   user-state-form, user-state-select, user-state-reason, user-state-save,
 *   user-credit-form, user-credit-score, user-credit-currency, user-credit-limit, user-credit-reason,
 *   user-credit-save, user-message-form, user-message-title, user-message-content, user-message-send
 * Config (`#/config`, `#/config?tab=channels`)
 *   config-page, config-tab-settings, config-tab-channels, config-table, config-row (data-name),
 *   config-value, config-edit, config-value-input, config-reason-input, config-save, config-cancel,
 *   config-error, channels-table, channel-row, channel-new, channel-edit, channel-form, channel-name,
 *   channel-reason, channel-save, channel-error
 * Audit (`#/audit?q=&page=`)
 *   audit-page, audit-search, audit-table, audit-row (data-id)
 * Reconciliation (`#/reconcile`)
 *   reconcile-page, reconcile-run, reconcile-result (data-ok), reconcile-check-<name> (data-ok)
 * Operators (`#/operators`)
 *   operators-page, operators-table, operator-row (data-id), operator-new, operator-edit, operator-form,
 *   operator-username, operator-role, operator-password, operator-disabled, operator-reason, operator-save
 * New shares (`#/new-shares`)
 *   new-shares-page, ipo-table, ipo-row, ipo-new, ipo-form, ipo-code, ipo-zone (the exchange clock the
 *   times are read on), ipo-subscribe_start / -subscribe_end / -lottery_at / -payment_deadline /
 *   -listing_at, ipo-applications, ipo-draw, ipo-draw-ok, ipo-result, ipo-seed
 * Block trades (`#/block`)
 *   block-page, block-offering-row, block-new, block-symbol, block-market, block-price, block-shares,
 *   block-password, block-window, block-start, block-end, block-allocate, block-result, block-seed,
 *   block-cancel-reason
 * Copy-trade products (`#/products`)
 *   products-page, product-row, product-new, product-rebalance, rebalance-reason
 * Stock lending (`#/lending`)
 *   lending-page, lending-loan-row, lending-status-filter, lending-rate-filter, lending-tiers,
 *   lending-rate-row, lending-set-rate, lending-rate-input, lending-rate-reason
 * Margin calls (`#/margin-calls`, menu nav-marginCalls)
 *   margin-calls-page, margin-calls-status-filter, margin-call-row (data-id, data-status = open|met|closed),
 *   margin-call-amount, margin-call-deadline (on the exchange's clock, its zone named)
 * Margin borrow, 逆日歩 (`#/margin-borrow`, menu nav-marginBorrow)
 *   margin-borrow-page, borrow-rate-row (data-market), borrow-form, borrow-market, borrow-symbol,
 *   borrow-premium, borrow-reason, borrow-submit, borrow-error (translated refusal), borrow-premium-row
 *   (data-symbol), borrow-premium-value, borrow-edit, borrow-remove, borrow-remove-reason, shortable-card,
 *   shortable-admin-only (operators), shortable-editor (administrators): shortable-market, shortable-ban,
 *   shortable-row (data-symbol) with shortable-name, shortable-list, shortable-status, shortable-default,
 *   shortable-remove; shortable-remove-reason; shortable-form, shortable-list-kind, shortable-symbol,
 *   shortable-check, shortable-reason, shortable-add, shortable-error (translated refusal)
 * Support (`#/support`)
 *   support-filter, support-table, support-row-<id>, support-reply-<id>, support-reply-text,
 *   support-reply-send
 * Passkeys (`#/passkeys`)
 *   passkey-table, passkey-add, passkey-name, passkey-error
 */
import type { Locator, Page } from 'playwright-core';

export const ADMIN_QUEUES = ['kyc', 'deposits', 'withdrawals', 'loans', 'daytrades'] as const;
export type AdminQueue = (typeof ADMIN_QUEUES)[number];

const tid = (id: string) => `[data-testid="${id}"]`;

/** Which of several awaited outcomes came first; the losers' later timeouts are swallowed. */
async function first<T extends string>(waits: Promise<T>[]): Promise<T | 'timeout'> {
  return Promise.race(waits.map((w) => w.catch(() => 'timeout' as const)));
}

/** Open the back office and log in; resolves once the signed-in layout is shown. */
export async function adminLogin(page: Page, baseUrl: string, user: string, pass: string): Promise<void> {
  // index.html by name: the entry works whether or not the server maps the bare /admin/ to it
  await page.goto(`${baseUrl.replace(/\/+$/, '')}/admin/index.html#/login`);
  await page.locator(tid('login-username')).fill(user);
  await page.locator(tid('login-password')).fill(pass);
  await page.locator(tid('login-submit')).click();
  const outcome = await first([
    page
      .locator(tid('admin-layout'))
      .waitFor({ state: 'visible' })
      .then(() => 'ok' as const),
    page
      .locator(tid('login-error'))
      .waitFor({ state: 'visible' })
      .then(() => 'refused' as const),
  ]);
  if (outcome === 'timeout') throw new Error('admin login: neither the layout nor an error appeared');
  if (outcome === 'refused') {
    throw new Error(`admin login refused: ${await page.locator(tid('login-error')).textContent()}`);
  }
}

/** Go to one review queue through the menu, with its status filter on "pending". */
export async function openQueue(page: Page, name: AdminQueue): Promise<void> {
  const link = page.locator(tid(`nav-queue-${name}`));
  if (!(await link.isVisible())) {
    // the queues sub-menu may be collapsed
    await page
      .locator(`${tid('nav-menu')} .ant-menu-submenu-title`)
      .first()
      .click();
  }
  await link.click();
  await page.locator(tid(`queue-page-${name}`)).waitFor({ state: 'visible' });
  await page.locator(tid('queue-status-pending')).click();
  await waitForQueue(page);
}

async function waitForQueue(page: Page): Promise<void> {
  await page.locator(`${tid('queue-table')} .ant-spin-spinning`).waitFor({ state: 'detached' });
}

export interface DecisionResult {
  /** The row decided. */
  id: string;
  /** `decided` when the server accepted it, `alreadyDecided` when another operator was first. */
  outcome: 'decided' | 'alreadyDecided';
}

/**
 * Approve or reject the first pending row of the open queue (see {@link openQueue}).
 * A rejection needs a reason; an approval sends it as a note when given.
 */
/**
 * Waits until the dialog holding `inside` has finished opening. antd zooms a dialog in; on a loaded
 * machine a click aimed while it still moves can land beside its button and be lost, leaving the dialog
 * open. Waits for the CSS animations of the dialog (its `.ant-modal` box) to finish, at most 3 s.
 */
export async function dialogSettled(inside: Locator): Promise<void> {
  await inside.waitFor({ state: 'visible' });
  await inside.evaluate((el) => {
    const box = el.closest('.ant-modal') ?? el;
    const running = box.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined));
    return Promise.race([Promise.all(running), new Promise((done) => setTimeout(done, 3000))]);
  });
}

/**
 * Click a button of a dialog once the dialog has finished opening: a click while antd's opening
 * animation runs can be lost on a busy machine (the dialog stays open, nothing sent).
 */
export async function clickInDialog(button: Locator): Promise<void> {
  await dialogSettled(button);
  await button.click();
}

export async function decideFirstPending(
  page: Page,
  { approve, reason }: { approve: boolean; reason?: string },
): Promise<DecisionResult> {
  await waitForQueue(page);
  const row = page.locator(`${tid('queue-row')}:has(${tid('decide-approve')})`).first();
  await row.waitFor({ state: 'visible' });
  const id = (await row.getAttribute('data-id')) ?? '';
  await row.locator(tid(approve ? 'decide-approve' : 'decide-reject')).click();
  const modal = page.locator(tid('decide-modal'));
  await modal.waitFor({ state: 'visible' });
  if (reason !== undefined) await modal.locator(tid('decide-reason')).fill(reason);
  else if (!approve) throw new Error('decideFirstPending: a rejection needs a reason');
  await dialogSettled(modal.locator(tid('decide-confirm')));
  await modal.locator(tid('decide-confirm')).click();
  const outcome = await first([
    page
      .locator(`${tid('queue-row')}[data-id="${id}"] ${tid('decide-outcome')}`)
      .waitFor({ state: 'visible' })
      .then(() => 'decided' as const),
    page
      .locator(`${tid('queue-row')}[data-id="${id}"]`)
      .waitFor({ state: 'detached' })
      .then(() => 'decided' as const),
    modal
      .locator(tid('decide-already-decided'))
      .waitFor({ state: 'visible' })
      .then(() => 'alreadyDecided' as const),
    modal
      .locator(tid('decide-error'))
      .waitFor({ state: 'visible' })
      .then(() => 'error' as const),
  ]);
  if (outcome === 'timeout') throw new Error(`decision on ${id}: no outcome appeared`);
  if (outcome === 'error') {
    throw new Error(`decision refused: ${await modal.locator(tid('decide-error')).textContent()}`);
  }
  if (outcome === 'alreadyDecided') await modal.locator(tid('decide-confirm')).click();
  await modal.waitFor({ state: 'hidden' });
  return { id, outcome };
}
