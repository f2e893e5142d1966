// @vitest-environment happy-dom

import { ADMIN_API_BASE } from '@kabuto/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeItem } from '../../../lib/storage.ts';
import { answerMediaQueries } from '../../../testing/dom.ts';
import { renderScreen } from '../../../testing/screen.tsx';
import { CopyTradePage } from './copy-trade-page.tsx';

beforeAll(answerMediaQueries);

/**
 * The admin API as the page reads it: one product named in the three languages, and a stake in it, named
 * by the server in the language the call asks for (the calls' bodies are kept).
 */
const product = {
  id: '5',
  market: 'jpy',
  issuer: 'Kabuto AM',
  name_jp: '日本株モメンタム',
  name_cn: '日本股票动量',
  name_us: 'Japan Momentum',
  target_bp: 5,
  minimum: '10000',
  capacity: '10000000',
  raised: '0',
  lock_days: 7,
  deadline: '2026-12-31T00:00:00.000Z',
  ends_at: '2027-06-30T00:00:00.000Z',
  nav: '1.0000',
  status: 0,
  constituents: [{ symbol: '7203', weight_bp: 10_000 }],
};
const stake = {
  id: '9',
  order_no: 'P-001',
  product_id: '5',
  product: '日本株モメンタム',
  account: 'tanaka01',
  amount: '10000',
  stake: '10000',
  profit: '0',
  entry_nav: '1.0000',
  status: 0,
  create_time: 1_764_000_000,
};
const reply = (data: unknown) => new Response(JSON.stringify({ status: 1, data }), { status: 200 });
const NAMES: Record<string, string> = { jp: product.name_jp, cn: product.name_cn, us: product.name_us };
let stakeCalls: Record<string, unknown>[] = [];
const fetchFn = vi.fn(async (url: string, init: RequestInit) => {
  const body = JSON.parse(String(init.body)) as Record<string, unknown>;
  switch (url.slice(ADMIN_API_BASE.length)) {
    case '/product/list':
      return reply({ list: [product], total: 1 });
    case '/product/stakes':
      stakeCalls.push(body);
      return reply({ list: [{ ...stake, product: NAMES[String(body.lang)] }], total: 1 });
    case '/product/rebalances':
      return reply({ list: [], total: 0 });
    default:
      return new Response('', { status: 404 });
  }
});
beforeEach(() => {
  stakeCalls = [];
  vi.stubGlobal('fetch', fetchFn);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  writeItem(STORAGE_KEYS.language, null);
});

const productName = () =>
  document.querySelector('[data-testid="product-row"][data-id="5"] td:nth-child(2)')?.textContent;
const stakeProduct = (order = 'P-001') =>
  [...document.querySelectorAll('tr')]
    .find((r) => r.textContent?.includes(order))
    ?.querySelector('td:nth-child(2)')?.textContent;

describe('the copy-trade page', () => {
  it('names the products in the operator’s language: the list, the stakes and the rebalance', async () => {
    const { setLang } = renderScreen(<CopyTradePage />);
    await waitFor(() => expect(productName()).toBe('日本株モメンタム (jpy)'));
    await waitFor(() => expect(stakeProduct()).toBe('日本株モメンタム'));
    expect(stakeCalls.map((b) => b.lang)).toEqual(['jp']);

    setLang('us');
    await waitFor(() => expect(productName()).toBe('Japan Momentum (jpy)'));
    await waitFor(() => expect(stakeProduct()).toBe('Japan Momentum'));
    expect(stakeCalls.at(-1)?.lang).toBe('us');
    fireEvent.click(screen.getByTestId('product-rebalance'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Japan Momentum');

    setLang('cn');
    await waitFor(() => expect(productName()).toBe('日本股票动量 (jpy)'));
    await waitFor(() => expect(stakeProduct()).toBe('日本股票动量'));
  });
});
