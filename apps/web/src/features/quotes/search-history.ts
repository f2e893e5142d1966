import { readItem, removeItem, STORAGE_KEYS, writeItem } from '../../lib/storage.ts';

/** One remembered search result (local storage `searchList`, newest first). */
export interface HistoryEntry {
  symbol: string;
  name: string;
  market: string;
}

const MAX = 12;

export function readHistory(): HistoryEntry[] {
  try {
    const list = JSON.parse(readItem(STORAGE_KEYS.searchList) ?? '[]') as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (e): e is HistoryEntry =>
        Boolean(e) &&
        typeof e.symbol === 'string' &&
        typeof e.name === 'string' &&
        typeof e.market === 'string',
    );
  } catch {
    return [];
  }
}

export function remember(entry: HistoryEntry): HistoryEntry[] {
  const list = [
    entry,
    ...readHistory().filter((e) => !(e.symbol === entry.symbol && e.market === entry.market)),
  ];
  const kept = list.slice(0, MAX);
  writeItem(STORAGE_KEYS.searchList, JSON.stringify(kept));
  return kept;
}

export function clearHistory(): void {
  removeItem(STORAGE_KEYS.searchList);
}
