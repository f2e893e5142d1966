import type { NavigateOptions } from 'react-router';

type Navigate = (to: string, options?: NavigateOptions) => void;

let navigator: Navigate | null = null;

/** The router registers its navigate function so code outside components (api client, session) can move. */
export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (navigator) navigator(to, options);
  else if (typeof window !== 'undefined') window.location.hash = `#${to}`;
}
