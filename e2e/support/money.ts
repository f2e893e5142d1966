/**
 * Helpers for the money browser test (apps/web money screens).
 *
 * Stable hooks on the screens (data-testid; `data-value` carries the raw decimal string):
 *   My page (`#/mine/myPage`): asset-total, asset-available, asset-frozen, asset-usd, asset-profit,
 *     mypage-deposit, mypage-withdraw, mypage-exchange, mypage-verification, wallet-<currency>;
 *   user panel: panel-total-value (total assets in yen), panel-assets, panel-wallet (the market's wallet balance), panel-available, panel-frozen;
 *   Deposit (`#/mine/stored` → `#/mine/deposit`): deposit-form, deposit-currency(-<c>), input[name=money],
 *     deposit-channel (data-id), input[name=rpassword], deposit-next, deposit-transfer, deposit-amount,
 *     channel-account-name / -account-number / channel-bank / channel-branch, deposit-proof
 *     (data-state = empty|uploading|done|error; holds the file input), deposit-submit, deposit-pending;
 *   Withdraw (`#/mine/withdraw`): withdraw-form, withdraw-available, withdraw-currency, input[name=money],
 *     amount-all, withdraw-bank (data-id), input[name=passwords], withdraw-submit, withdraw-verify (gate);
 *   Records (`#/mine/transactionRecords?tab=funds|deposit|withdrawal`): records-tab-<tab>, fund-record
 *     (data-kind), deposit-record / withdrawal-record (status-chip with data-status, *-reason),
 *     records-kind, records-start, records-end, records-csv, csv-start, csv-end, csv-download;
 *   Exchange (`#/mine/exchange`): exchange-from(-<c>), exchange-to(-<c>), input[name=money],
 *     exchange-converted, exchange-from-balance, exchange-to-balance, exchange-rate, exchange-submit;
 *   Verification (`#/mine/verified`): kyc-form, input[name=realname], input[name=id_card], kyc-front,
 *     kyc-back (image pickers as above), input[name=privacy], kyc-submit, kyc-state (data-status = is_true),
 *     kyc-reason, kyc-resubmit;
 *   Bank (`#/mine/bank`, `#/mine/bankAdd`): bank-card, bank-number, bank-edit, bank-delete, bank-add,
 *     bank-form, bank-save, account-type-<ordinary|current|savings>;
 *   Margin account (`#/mine/margin`): margin-page (data-status = none|pending|approved|rejected), margin-status,
 *     margin-form, margin-experience-<answer>, margin-assets-<answer>, margin-income-<answer>, margin-agreement,
 *     margin-risks, margin-agree, margin-submit, margin-call-row (data-status); on My page margin-row (data-status)
 *     or the summary below;
 *   margin summary (My page, positions): margin-summary, margin-ratio (data-value), margin-line,
 *     margin-collateral, margin-notional, margin-pnl, margin-call-amount, margin-call-deadline, margin-open;
 *   margin call banner (every signed-in screen while a call is open): margin-call-banner (data-id),
 *     margin-call-banner-amount (data-value), margin-call-deposit;
 *   Loan (`#/mine/loan`, `#/mine/loanOrder`): loan-score, loan-available, loan-borrowed, loan-rate,
 *     loan-apply, loan-submit, loan-pending, loan-repay, loan-due, loan-repay-submit, loan-record.
 * Confirmations are antd-mobile dialogs: {@link confirmDialog}.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { type AdminQueue, openQueue } from './admin.ts';
import { waitForRoute } from './web.ts';

const tid = (id: string) => `[data-testid="${id}"]`;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small striped RGB PNG (a stand-in for a photo or a screenshot), different per colour. */
export function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const stripe = (x + y) % 24 < 12;
      row[1 + x * 3] = stripe ? r : 255 - r;
      row[2 + x * 3] = stripe ? g : 255 - g;
      row[3 + x * 3] = stripe ? b : 255 - b;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Open a screen of the app by its hash route and wait for it. */
export async function openScreen(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/#${path}`);
  await waitForRoute(page, path.split('?')[0]);
}

/** The raw value (`data-value`) of a figure on screen. */
export const dataValue = async (page: Page, testid: string): Promise<string | null> =>
  page.locator(tid(testid)).first().getAttribute('data-value');

/** Choose an image for an image picker and wait until it is uploaded. */
export async function pickImage(page: Page, testid: string, name: string, bytes: Buffer): Promise<void> {
  await page
    .locator(`${tid(testid)} input[type=file]`)
    .setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  await page.locator(`${tid(testid)}[data-state="done"]`).waitFor({ timeout: 20_000 });
}

/** Press the confirming (bold) button of the antd-mobile dialog that is open. */
export async function confirmDialog(page: Page): Promise<void> {
  const button = page.locator('.adm-dialog-footer .adm-dialog-button-bold').last();
  await button.waitFor({ state: 'visible' });
  await button.click();
}

/**
 * Open a back-office queue and ask the server again: a queue that is already on screen keeps showing
 * the list it loaded, and a submission made since then would only appear with its next refresh.
 */
export async function openFreshQueue(page: Page, name: AdminQueue): Promise<void> {
  await openQueue(page, name);
  await page.locator(tid('queue-refresh')).click();
  await page.locator(`${tid('queue-table')} .ant-spin-spinning`).waitFor({ state: 'detached' });
}
