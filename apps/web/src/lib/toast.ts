/**
 * A tiny toast that needs neither React nor antd-mobile, so the first screen can show refusals without
 * loading the component library. Styles live in styles/base.css (`.k-toast`).
 */
export const TOAST_MS = 2000;

export interface ToastOptions {
  durationMs?: number;
  /** Survive the next navigation, which usually clears toasts (e.g. "Changed" shown while going back). */
  keepOnNavigation?: boolean;
}

let current: { el: HTMLElement; timer: ReturnType<typeof setTimeout>; keep: boolean } | null = null;
const clearers = new Set<() => void>();

export function showToast(
  text: string,
  { durationMs = TOAST_MS, keepOnNavigation = false }: ToastOptions = {},
): void {
  if (typeof document === 'undefined' || !text) return;
  clearToasts();
  const el = document.createElement('div');
  el.className = 'k-toast';
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  const body = document.createElement('div');
  body.className = 'k-toast-body';
  body.textContent = text;
  el.append(body);
  document.body.append(el);
  const timer = setTimeout(() => {
    if (current?.el === el) current = null;
    el.remove();
  }, durationMs);
  current = { el, timer, keep: keepOnNavigation };
}

/** Clear the toast and the overlays other layers registered (image viewers). */
export function clearToasts(cause?: 'navigation'): void {
  if (current && cause === 'navigation' && current.keep) {
    current.keep = false; // survives one navigation, not every one after it
  } else if (current) {
    clearTimeout(current.timer);
    current.el.remove();
    current = null;
  }
  for (const clear of clearers) clear();
}

/** Let a later-loaded layer clear its own overlays whenever toasts are cleared (e.g. on navigation). */
export function registerToastClearer(clear: () => void): () => void {
  clearers.add(clear);
  return () => clearers.delete(clear);
}
