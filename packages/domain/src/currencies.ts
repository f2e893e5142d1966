/** Market wallets (one per market) and exchange-only wallets, as the wire names them. */
export const MARKETS = ['jpy', 'usd', 'cny', 'krw'] as const;
export type Market = (typeof MARKETS)[number];

export const CURRENCIES = ['jpy', 'usd', 'cny', 'krw', 'twd', 'hkd', 'thb', 'vnd', 'myr'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const isMarket = (v: string): v is Market => (MARKETS as readonly string[]).includes(v);
export const isCurrency = (v: string): v is Currency => (CURRENCIES as readonly string[]).includes(v);

/** ISO 4217 code for display and statements. */
export const ISO_CODE: Record<Currency, string> = {
  jpy: 'JPY',
  usd: 'USD',
  cny: 'CNY',
  krw: 'KRW',
  twd: 'TWD',
  hkd: 'HKD',
  thb: 'THB',
  vnd: 'VND',
  myr: 'MYR',
};
