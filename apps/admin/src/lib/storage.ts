/** localStorage that never throws (private mode, disabled storage). */
export const STORAGE_KEYS = {
  token: 'admin_token',
  language: 'admin_language',
} as const;

export function readItem(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage unavailable: the value lives for this page only
  }
}
