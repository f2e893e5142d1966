import './styles/base.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadOpeningScreen } from './app/routes.ts';
import { initI18n } from './lib/i18n.ts';
import { hasStoredSession } from './lib/session.ts';
import { loadStartupConfig } from './lib/startup-config.ts';
import { ensureStoredDefaults } from './lib/storage.ts';

/**
 * The app mounts after the start-up config call (`/common/config type=all`), as the family's clients do
 * (bounded, so a silent server cannot hang it).
 */
const STARTUP_WAIT_MS = 8000;
/**
 * How long the mount also waits for a signed-in user's opening screen, its code and its opening reads.
 * Mounted with both here, the screen renders with its data; mounted before, it shows its loading state
 * (home's skeleton) and React keeps that up at least 300 ms once shown, so a screen arriving a moment
 * after the mount would lose those. On a slow link they take longer than this, and the loading state
 * shows meanwhile.
 */
const OPENING_SCREEN_WAIT_MS = 600;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function boot(): Promise<void> {
  ensureStoredDefaults();
  const config = loadStartupConfig().catch(() => null);
  const bounded = Promise.race([config, wait(STARTUP_WAIT_MS)]);
  const i18n = initI18n();
  // a signed-in user reopening a screen: its code loads while the start-up config is on its way
  const opening = hasStoredSession()
    ? Promise.race([preloadOpeningScreen(window.location.hash.slice(1)), wait(OPENING_SCREEN_WAIT_MS)])
    : null;
  await Promise.allSettled([i18n, bounded, opening]);
  const root = document.getElementById('root');
  // A transition: React renders the opening screen in slices, yielding to the browser between them,
  // instead of in one long task that would hold a tap or a scroll for the whole first render.
  if (root) startTransition(() => createRoot(root).render(<App />));
}

void boot();
