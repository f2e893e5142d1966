// antd-mobile's imperative overlays (Dialog.confirm) render as the app's shell sets them up
import '../app/antd-setup.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, vi } from 'vitest';
import { initI18n, loadNamespaces, type Namespace } from '../lib/i18n.ts';
import { translateMsg } from '../lib/messages.ts';
import { clearToasts } from '../lib/toast.ts';

/**
 * What component tests share: the screens rendered as the app renders them (the app's translator in
 * Japanese, react-query, the router) over a fake server at the `fetch` boundary, so that the app's own
 * client, envelope reading, idempotency keys and refusal toasts all run as in the browser.
 */

/** A reply as the server sends it: `{status: 1, data, code?}`. */
export const ok = (data: unknown, code?: string) => ({ status: 1, data, ...(code ? { code } : {}) });
/** A refusal as the server sends it: `{status: 0, code, msg}` (HTTP 200). */
export const refusal = (code: string, params?: Record<string, string>) => ({
  status: 0,
  code,
  msg: code,
  ...(params ? { params } : {}),
});

/** An answer other than HTTP 200 (a 500, a 404). */
export class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown = null,
  ) {}
}
export const httpStatus = (status: number, body?: unknown) => new HttpAnswer(status, body);

/** What a handler answers: an envelope (sent with HTTP 200), or an {@link HttpAnswer}. */
export type Answer = unknown;
type Handler = (body: unknown, headers: Record<string, string>) => Answer | Promise<Answer>;

export interface SentCall {
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

const API = '/api/vue';

/**
 * A fake server behind `fetch`: each wire path answers with its handler (an unknown path is a 404, as
 * the real server answers). `hold(path)` keeps a path's calls waiting until released, for loading
 * states.
 */
export function fakeServer(routes: Record<string, Handler | Answer> = {}) {
  const handlers = new Map<string, Handler>();
  const sent: SentCall[] = [];
  const held = new Map<string, { release: () => void; promise: Promise<void> }>();
  const on = (path: string, answer: Handler | Answer) =>
    handlers.set(path, typeof answer === 'function' ? (answer as Handler) : () => answer);
  for (const [path, answer] of Object.entries(routes)) on(path, answer);

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname.replace(API, '');
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? undefined);
    sent.push({ path, body, headers });
    await held.get(path)?.promise;
    const handler = handlers.get(path);
    const answer = handler ? await handler(body, headers) : httpStatus(404);
    const http = answer instanceof HttpAnswer ? answer : new HttpAnswer(200, answer);
    return new Response(JSON.stringify(http.body), {
      status: http.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    on,
    /** The calls sent to a path, oldest first. */
    calls: (path: string) => sent.filter((c) => c.path === path),
    /** Keep the path's calls waiting until the returned function is called. */
    hold(path: string): () => void {
      let release = () => {};
      const promise = new Promise<void>((r) => {
        release = r;
      });
      held.set(path, { release, promise });
      return () => {
        held.delete(path);
        release();
      };
    },
  };
}
export type FakeServer = ReturnType<typeof fakeServer>;

/** Load the translations a screen uses (Japanese, the default language). */
export async function loadTranslations(...namespaces: Namespace[]): Promise<void> {
  await initI18n('jp');
  await loadNamespaces(['common', 'shell', ...namespaces]);
}

/** A query client as the app's (no retry of refusals), without retrying failures, so errors show at once. */
const testQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

/**
 * Render a screen at `url` inside the app's providers. `routes` are other paths it may navigate to; each
 * renders a marker (`data-testid="route:<path>"`) so a test can see where the screen went.
 */
export function renderScreen(
  element: ReactElement,
  {
    url = '/',
    path = url.split('?')[0],
    routes = [],
  }: { url?: string; path?: string; routes?: string[] } = {},
) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [{ path, element }, ...routes.map((r) => ({ path: r, element: <div data-testid={`route:${r}`} /> }))],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** The toast shown now (refusals and successes are toasts), once it appears. */
export async function toastText(): Promise<string> {
  let text = '';
  await waitFor(() => {
    text = document.querySelector('.k-toast')?.textContent ?? '';
    if (!text) throw new Error('no toast');
  });
  return text;
}

/** A msg key in Japanese, as the app's catalogue translates it (what the user reads in a toast). */
export const msg = (key: string, params?: Record<string, string | number>) => translateMsg(key, params);

/** The antd-mobile confirmation dialog's confirm button, once it is shown. */
export async function confirmDialog(confirmText: string): Promise<void> {
  let button: HTMLElement | null = null;
  await waitFor(() => {
    button =
      [...document.querySelectorAll<HTMLElement>('.adm-dialog-footer button, .adm-dialog button')].find(
        (b) => b.textContent?.trim() === confirmText,
      ) ?? null;
    if (!button) throw new Error(`no dialog button ${confirmText}`);
  });
  fireEvent.click(button as unknown as HTMLElement);
}

/**
 * Between tests: unmount, clear toasts, imperative dialogs and storage, restore `fetch`. An imperative
 * dialog (`Dialog.confirm`) lives in a React root of its own, which RTL's cleanup does not unmount: closed
 * here, it unmounts itself when its closing animation ends, outside `act`, so React schedules the
 * unmount's effects on the next macrotask. After the file's last test that work is let run (with real
 * timers, for longer than the animation) before the test environment removes `window`; run after, it
 * fails the whole run with an uncaught error.
 */
export function resetBetweenTests(): void {
  let dialogs = false;
  afterEach(() => {
    if (document.querySelector('.adm-dialog, .adm-center-popup-wrap')) dialogs = true;
    Dialog.clear();
    cleanup();
    clearToasts();
    document.body.innerHTML = '';
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });
  afterAll(async () => {
    cleanup();
    if (vi.isFakeTimers()) vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, dialogs ? 1_000 : 0));
    await new Promise((resolve) => setImmediate(resolve));
  });
}
