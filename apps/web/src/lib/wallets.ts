import { CURRENCIES, type Currency, type Market } from '@kabuto/domain';
import type { RefData } from './api.ts';
import type { endpoints } from './endpoints.ts';

/** The user-info reply: fixed fields plus one balance per wallet and the loan figures. */
export type UserInfo = RefData<typeof endpoints.account.getUserinfo>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '0');

/** Available balance of one wallet (decimal string; "0" when the reply has none). */
export const walletBalance = (user: UserInfo | undefined, currency: Currency): string =>
  text(user?.[currency]);

/** Borrowed loan principal (`{type}yjed`) and loan limit (`{type}kjed`) of one wallet. */
export const loanFigures = (user: UserInfo | undefined, currency: Currency) => ({
  borrowed: text(user?.[`${currency}yjed`]),
  limit: text(user?.[`${currency}kjed`]),
});

/**
 * The selected market's summary (spec §9): available balance, frozen assets and total assets
 * (= available + frozen), as the server computes them from the ledger.
 */
export function assetSummary(user: UserInfo | undefined, market: Market) {
  return {
    available: typeof user?.available === 'string' ? user.available : walletBalance(user, market),
    frozen: text(user?.frozen),
    total: typeof user?.total_assets === 'string' ? user.total_assets : walletBalance(user, market),
  };
}

/** Every wallet, in the contract's order. */
export const WALLETS: readonly Currency[] = CURRENCIES;

/** The rejection reason of the latest identity submission ("" when there is none). */
export const kycReason = (user: UserInfo | undefined): string =>
  typeof user?.kyc_reason === 'string' ? user.kyc_reason : '';
