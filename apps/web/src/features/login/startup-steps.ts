import { isApiError } from '../../lib/api.ts';
import { loadMessages } from '../../lib/messages.ts';
import { runPrefetch } from '../../lib/prefetch.ts';
import { endSession, hasStoredSession } from '../../lib/session.ts';
import { loadStartupConfig } from '../../lib/startup-config.ts';
import { checkSession } from './api/check-session.ts';
import { fetchHealth } from './api/fetch-health.ts';

/** What the splash learns on the way. */
export interface StartupResult {
  version?: string;
  /** Where to go when done. */
  destination: '/home/index' | '/login/login';
  /** A refusal to show on the login screen (e.g. a banned account). */
  refusal?: { msg: string; params?: Record<string, string> };
}

export interface StartupStep {
  /** i18n key (login namespace). */
  label: string;
  run: (result: StartupResult) => Promise<void>;
}

/**
 * The six splash steps, each doing real start-up work:
 * 1. starting — start-up config (page title, logo, register mode, kefu);
 * 2. confirming program version — the server's /healthz version;
 * 3. getting quotation info — the code of the market screens (registered prefetch), when a session is
 *    stored: without one the next screen is login, which should not wait behind the market screens' code;
 * 4. connecting to hosts — the stored session, checked with /user/getUserinfo;
 * 5. getting warrant info — the server's message catalogue (translations of every reply), again only for
 *    a stored session: on the way to login it comes with the first reply that needs it (lib/messages.ts);
 * 6. loading completed.
 */
export const STARTUP_STEPS: readonly StartupStep[] = [
  { label: 'splash.steps.starting', run: async () => void (await loadStartupConfig()) },
  {
    label: 'splash.steps.version',
    run: async (r) => {
      r.version = (await fetchHealth()).version;
    },
  },
  {
    label: 'splash.steps.quotes',
    run: async () => {
      if (hasStoredSession()) await runPrefetch();
    },
  },
  {
    label: 'splash.steps.hosts',
    run: async (r) => {
      if (!hasStoredSession()) {
        r.destination = '/login/login';
        return;
      }
      try {
        await checkSession();
        r.destination = '/home/index';
      } catch (e) {
        if (!isApiError(e)) throw e;
        if (e.kind === 'network' || (e.kind === 'http' && e.httpStatus !== 401)) throw e;
        // Refused (banned, frozen, …) or the token is no longer valid: the session ends here.
        endSession({ keepSearchList: e.kind === 'unauthorized' });
        r.destination = '/login/login';
        if (e.kind === 'refusal') r.refusal = { msg: e.code, params: e.params };
      }
    },
  },
  {
    label: 'splash.steps.warrants',
    run: async (r) => {
      if (r.destination === '/home/index' || r.refusal) await loadMessages();
    },
  },
  { label: 'splash.steps.done', run: async () => {} },
];
