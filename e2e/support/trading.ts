/**
 * Browser helpers for the quote, order and position screens of the mobile app.
 *
 * Stable hooks (data-testid):
 *   market-<jpy|usd|cny|krw> (market switcher), index-card (data-symbol), rank-<active|rise|fall|popular>,
 *   quote-row / watch-row / search-result (data-symbol), quote-price, home-search, more-stocks, more-indices;
 *   search-input, search-history, search-clear;
 *   watch-edit, watch-select-all, watch-delete;
 *   stock detail: info-price, session-state, kline-chart (data-period, data-sub), period-<1|5|15|30|1D|1W|1M|12M>,
 *   ind-<MA|EMA|BOLL|VOL|MACD|KDJ|RSI> (aria-pressed), adjust-<none|forward|backward>, watch-toggle (aria-pressed),
 *   buy-long, buy-short;
 *   order panel: order-sheet, order-long, order-short, order-type-market, order-type-limit, order-price,
 *   order-leverage-<n>, order-qty, order-summary, order-margin, order-fee, order-total, order-available,
 *   order-problem, order-submit, order-confirm (inside the confirmation dialog), order-margin-needed and
 *   order-margin-apply (an order above 1× or short refused for want of a margin account);
 *   search: market-badge inside each search-result (data-market);
 *   positions: pos-tab-<holding|orders|sold|newShare|follow>, position-summary, summary-pnl, summary-available,
 *   position-row (data-id, data-status 0 holding / 1 closed), position-now, position-pnl,
 *   position-close, sold-total, position-detail, detail-close, detail-cancel;
 *   orders tab: order-row (data-id, data-status 3 pending / 4 cancelled or lapsed), order-status, order-limit,
 *   order-qty, order-cancel.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const tid = (id: string) => `[data-testid="${id}"]`;

/** Press the bold (confirming) button of the antd-mobile dialog that is open. */
export async function confirmDialog(page: Page): Promise<void> {
  const button = page.locator('.adm-dialog-footer .adm-dialog-button-bold').last();
  await button.waitFor({ state: 'visible' });
  await button.click();
  await page
    .locator('.adm-dialog-mask')
    .last()
    .waitFor({ state: 'hidden' })
    .catch(() => {});
}

/** A reply of the API: `{status, data, code, msg}` (`code` the key, `msg` the family text). */
export interface Reply<T> {
  status: number;
  data: T;
  code?: string;
  msg?: string;
}

/** Call the API as the logged-in page (token and account from its local storage). */
export async function apiCall<T = unknown>(
  page: Page,
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/api/vue${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          token: localStorage.getItem('tokend') ?? '',
          account: localStorage.getItem('account') ?? '',
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as T;
    },
    { path, body },
  );
}

/** Open the stock detail of a symbol from the search screen (leaves it in the search history). */
export async function searchAndOpen(page: Page, query: string, symbol: string): Promise<void> {
  await page.locator(tid('search-input')).fill(query);
  const hit = page.locator(`${tid('search-result')}[data-symbol="${symbol}"]`).first();
  await hit.waitFor({ state: 'visible' });
  await hit.click();
}

/** Open the order panel, fill it in and confirm; resolves after the confirmation dialog was accepted. */
export async function placeOrder(
  page: Page,
  {
    direction,
    leverage,
    quantity,
    limitPrice,
  }: {
    direction: 'long' | 'short';
    leverage: number;
    quantity: number;
    limitPrice?: string;
  },
): Promise<void> {
  await page.locator(tid(direction === 'long' ? 'buy-long' : 'buy-short')).click();
  const sheet = page.locator(tid('order-sheet'));
  await sheet.waitFor({ state: 'visible' });
  await page.locator(tid(limitPrice ? 'order-type-limit' : 'order-type-market')).click();
  if (limitPrice) {
    const price = page.locator(tid('order-price'));
    await price.fill(limitPrice);
    await expect.poll(() => price.inputValue()).toBe(limitPrice);
  }
  await page.locator(tid(`order-leverage-${leverage}`)).click();
  await page.locator(tid('order-qty')).fill(String(quantity));
  const submit = page.locator(tid('order-submit'));
  await submit.waitFor({ state: 'visible' });
  if (await submit.isDisabled()) {
    throw new Error(`order refused in the panel: ${await page.locator(tid('order-problem')).textContent()}`);
  }
  await submit.click();
  await page.locator(tid('order-confirm')).waitFor({ state: 'visible' });
  await confirmDialog(page);
}

/** A position row of `/trade/userstocklist` (the rows come as an object keyed "0", "1", …). */
export interface PositionRow {
  id: string;
  stock_code: string;
  buy_price: string;
  ganggang: string;
  stock_num: string;
}

/** The positions the logged-in page holds in a market. */
export async function heldPositions(page: Page, type = 'jpy'): Promise<PositionRow[]> {
  const reply = await apiCall<{ data: Record<string, unknown> }>(page, '/trade/userstocklist', { type });
  return Object.keys(reply.data)
    .filter((k) => /^\d+$/.test(k))
    .map((k) => reply.data[k] as PositionRow);
}
