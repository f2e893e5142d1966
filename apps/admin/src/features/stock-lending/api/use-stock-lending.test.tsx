// @vitest-environment happy-dom

import { ADMIN_API_BASE } from '@kabuto/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, useI18n } from '../../../lib/i18n.tsx';
import { STORAGE_KEYS, writeItem } from '../../../lib/storage.ts';
import { useLoans, useRates } from './use-stock-lending.ts';

/** The calls' bodies, each answered with an empty list. */
let calls: { path: string; body: Record<string, unknown> }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ path: url.slice(ADMIN_API_BASE.length), body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ status: 1, data: { list: [], total: 0, tiers: [] } }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  writeItem(STORAGE_KEYS.language, null);
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <I18nProvider>{children}</I18nProvider>
    </QueryClientProvider>
  );
}

describe('the stock-lending lists', () => {
  it('ask for the stocks’ names in the operator’s language, and again when it changes', async () => {
    writeItem(STORAGE_KEYS.language, 'cn');
    const { result } = renderHook(
      () => ({
        i18n: useI18n(),
        loans: useLoans({ status: 'lent', symbol: '7203', page: 1, size: 100 }),
        rates: useRates('jpy'),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.loans.isSuccess && result.current.rates.isSuccess).toBe(true));
    expect(calls).toEqual(
      expect.arrayContaining([
        { path: '/lending/loans', body: { status: 'lent', symbol: '7203', page: 1, size: 100, lang: 'cn' } },
        { path: '/lending/rates', body: { market: 'jpy', lang: 'cn' } },
      ]),
    );
    expect(calls).toHaveLength(2);

    act(() => result.current.i18n.setLang('us'));
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(
      calls
        .slice(2)
        .map((c) => [c.path, c.body.lang])
        .sort(),
    ).toEqual([
      ['/lending/loans', 'us'],
      ['/lending/rates', 'us'],
    ]);
  });
});
