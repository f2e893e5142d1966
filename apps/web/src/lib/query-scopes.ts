/**
 * The first part of the query keys of a group of queries, so that the whole group is refreshed at once
 * (after an order: every position list and the balances; after money moved: every money list; a pull on
 * the home screen: every quote). Each query's key is written once, by its `queryOptions` in an `api/`
 * folder, and starts with its group's scope; callers use those options' `queryKey`, never a literal.
 */
export const scopes = {
  /** The logged-in user (balances, verification state), per market. */
  user: ['user'],
  /** Deposits, withdrawals, cards, channels, loans, records. */
  money: ['money'],
  /** Open and closed positions, one position, the position summary of a market. */
  positions: ['positions'],
  /** Indices, rankings, quote details, candles, search results. */
  quotes: ['quotes'],
  /** Site messages. */
  notices: ['notices'],
  watchlist: ['watchlist'],
  news: ['news'],
  /** New-share offerings, one's lottery, the user's applications. */
  newShares: ['newShares'],
  /** Copy-trade products, one's detail, the user's follow orders. */
  products: ['products'],
  /** Public settings and documents. */
  content: ['content'],
} as const;
