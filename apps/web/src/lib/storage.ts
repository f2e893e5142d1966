import type { Language } from '@kabuto/contract';
import { isMarket, type Market } from '@kabuto/domain';
import { STORAGE_KEYS } from './storage-keys.ts';
import { LANGUAGES } from './transport.ts';

export { STORAGE_KEYS };

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled (private mode, sandboxed frames): the app still runs for this visit.
    return null;
  }
}

export function readItem(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Quota or disabled storage: nothing sensible to do but carry on.
  }
}

export function removeItem(key: StorageKey): void {
  store()?.removeItem(key);
}

export const DEFAULT_LANGUAGE: Language = 'jp';
export const DEFAULT_MARKET: Market = 'jpy';

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** The interface language: stored choice, else Japanese. */
export function storedLanguage(): Language {
  const v = readItem(STORAGE_KEYS.language);
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
}

export function storeLanguage(lang: Language): void {
  writeItem(STORAGE_KEYS.language, lang);
}

/** First run: store the defaults (language jp, market jpy) as existing clients expect to find them. */
export function ensureStoredDefaults(): void {
  if (!isLanguage(readItem(STORAGE_KEYS.language))) writeItem(STORAGE_KEYS.language, DEFAULT_LANGUAGE);
  const market = readItem(STORAGE_KEYS.market);
  if (!market || !isMarket(market)) writeItem(STORAGE_KEYS.market, DEFAULT_MARKET);
}

/** The selected market / wallet (`type` in calls): stored choice, else jpy. */
export function storedMarket(): Market {
  const v = readItem(STORAGE_KEYS.market);
  return v && isMarket(v) ? v : DEFAULT_MARKET;
}
