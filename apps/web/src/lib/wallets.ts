import { CURRENCIES, type Currency, type Market } from '@kabuto/domain';
import type { UserInfo } from './api/use-user-info.ts';

export type { UserInfo } from './api/use-user-info.ts';

/** Available balance of one wallet (decimal string; "0" when the reply has none). */
export const walletBalance = (user: UserInfo | undefined, currency: Currency): string =>
  user?.balances[currency] ?? '0';

/** Borrowed loan principal and loan limit of one wallet. */
export const loanFigures = (user: UserInfo | undefined, currency: Currency) => ({
  borrowed: user?.loans[currency]?.borrowed ?? '0',
  limit: user?.loans[currency]?.limit ?? '0',
});

/**
 * The selected market's summary (docs/products.md, "Frozen and total assets"): available balance, frozen assets and total assets
 * (= available + frozen), as the server computes them from the ledger.
 */
export function assetSummary(user: UserInfo | undefined, market: Market) {
  return {
    available: user?.available ?? walletBalance(user, market),
    frozen: user?.frozen ?? '0',
    total: user?.totalAssets ?? walletBalance(user, market),
  };
}

/** Every wallet, in the contract's order. */
export const WALLETS: readonly Currency[] = CURRENCIES;

/** The rejection reason of the latest identity submission ("" when there is none). */
export const kycReason = (user: UserInfo | undefined): string => user?.kycReason ?? '';
