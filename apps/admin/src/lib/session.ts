import { readItem, STORAGE_KEYS, writeItem } from './storage.ts';

/** The operator's bearer token, kept in localStorage so a reload stays signed in. */
let token: string | null = readItem(STORAGE_KEYS.token);

export const getToken = (): string | null => token;

export function setToken(next: string | null): void {
  token = next;
  writeItem(STORAGE_KEYS.token, next);
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called when the server answers 401: the session is gone, the app goes back to the login screen. */
export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function expireSession(): void {
  if (token === null) return;
  setToken(null);
  for (const l of listeners) l();
}
