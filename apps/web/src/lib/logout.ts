import { call } from './api.ts';
import { endpoints } from './endpoints.ts';
import { showMsgAcrossNavigation } from './messages.ts';
import { navigateTo } from './navigation.ts';
import { endSession } from './session.ts';

/**
 * Log out: revoke the token on the server (best effort: the local session ends regardless), clear
 * tokend, account and searchList and the shared state, then the login screen.
 */
export async function logout(): Promise<void> {
  try {
    await call(endpoints.account.logout, {}, { silent: true });
  } catch {
    // An expired token or no network must not keep the user logged in locally.
  }
  endSession({ loggedOut: true });
  showMsgAcrossNavigation('ok.loggedOut');
  navigateTo('/login/login', { replace: true });
}

/** As in the family's clients: a user-info reply with status ≠ 1 ends the session and goes to login. */
export function endSessionToLogin(): void {
  setTimeout(() => {
    endSession();
    navigateTo('/login/login', { replace: true });
  }, 0);
}
