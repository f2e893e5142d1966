import './styles/base.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadOpeningScreen } from './app/routes.ts';
import { initI18n } from './lib/i18n.ts';
import { hasStoredSession } from './lib/session.ts';
import { loadStartupConfig } from './lib/startup-config.ts';
import { ensureStoredDefaults } from './lib/storage.ts';

/** Spec §7: the app mounts after the start-up config call (bounded, so a silent server cannot hang it). */
const STARTUP_WAIT_MS = 8000;

async function boot(): Promise<void> {
  ensureStoredDefaults();
  const config = loadStartupConfig().catch(() => null);
  const bounded = Promise.race([config, new Promise((r) => setTimeout(r, STARTUP_WAIT_MS))]);
  const i18n = initI18n();
  // a signed-in user reopening a screen: its code loads while the start-up config is on its way
  if (hasStoredSession()) preloadOpeningScreen(window.location.hash.slice(1));
  await Promise.allSettled([i18n, bounded]);
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}

void boot();
