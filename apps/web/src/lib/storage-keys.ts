/**
 * The local-storage keys the app uses, named exactly as existing clients name them. A module without
 * imports: the build configuration reads the session's key too (chunking.ts).
 */
export const STORAGE_KEYS = {
  token: 'tokend',
  account: 'account',
  searchList: 'searchList',
  language: 'language',
  market: 'stock',
} as const;
