import { create } from 'zustand';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from './storage.ts';

/** Session state: who is logged in. The only client state kept in zustand. */
export interface Session {
  token: string | null;
  account: string | null;
  /** The user logged out (rather than the session expiring): signing in again starts from home. */
  loggedOut: boolean;
}

export const useSession = create<Session>(() => ({
  token: readItem(STORAGE_KEYS.token),
  account: readItem(STORAGE_KEYS.account),
  loggedOut: false,
}));

const endListeners = new Set<() => void>();

/** Layers that cache per-user data (the query cache) forget it when the session ends. */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function startSession(token: string, account: string): void {
  writeItem(STORAGE_KEYS.token, token);
  writeItem(STORAGE_KEYS.account, account);
  useSession.setState({ token, account, loggedOut: false });
}

/**
 * Forget the session: stored token and account (and, unless told otherwise, the search history), the
 * shared state and every cached per-user answer. `loggedOut`: the user asked for it.
 */
export function endSession({
  keepSearchList = false,
  loggedOut = false,
}: {
  keepSearchList?: boolean;
  loggedOut?: boolean;
} = {}): void {
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.account);
  if (!keepSearchList) removeItem(STORAGE_KEYS.searchList);
  useSession.setState({ token: null, account: null, loggedOut });
  for (const listener of endListeners) listener();
}

export const hasStoredSession = (): boolean => Boolean(readItem(STORAGE_KEYS.token));
