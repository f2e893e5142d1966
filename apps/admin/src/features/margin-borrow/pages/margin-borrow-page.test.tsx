// @vitest-environment happy-dom

import { ADMIN_API_BASE, MESSAGES, type OperatorRole } from '@kabuto/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n.tsx';
import { OperatorContext } from '../../../lib/operator.tsx';
import jp from '../../../locales/jp/admin.json';
import { MarginBorrowPage, plainPremium, premiumText } from './margin-borrow-page.tsx';

beforeAll(() => {
  // antd's responsive helpers ask the window for media queries
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

/**
 * The admin API as the page sees it, kept in memory: the premiums as the server stores them (four
 * decimals), the markets' stocks, the settings; `/margin/setPremium` refuses a stock it does not know.
 */
function fakeServer() {
  const premiums: Record<string, string> = { '7203': '0.0500', AAPL: '0.0200' };
  const stocks = [
    { symbol: '7203', name: 'トヨタ自動車', market_cap: '0', rate: '0.10', source: 'tier' },
    { symbol: '9984', name: 'ソフトバンクグループ', market_cap: '0', rate: '0.10', source: 'tier' },
  ];
  const calls: { path: string; body: Record<string, string> }[] = [];
  let unknown = new Set<string>();
  const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  const fetchFn = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.slice(ADMIN_API_BASE.length);
    const body = JSON.parse(String(init.body)) as Record<string, string>;
    calls.push({ path, body });
    switch (path) {
      case '/margin/premiums':
        return reply({
          status: 1,
          data: {
            premiums: Object.entries(premiums).map(([symbol, premium]) => ({
              symbol,
              market: /^\d/.test(symbol) ? 'jpy' : 'usd',
              premium,
            })),
            rates: ['jpy', 'usd', 'cny', 'krw'].map((market) => ({
              market,
              interest: market === 'jpy' ? '2.80' : '3.00',
              short_fee: '1.10',
            })),
          },
        });
      case '/lending/rates':
        return reply({ status: 1, data: { tiers: [], list: body.market === 'jpy' ? stocks : [] } });
      case '/config/list':
        return reply({
          status: 1,
          data: [
            {
              name: 'trading_margin_list',
              value: JSON.stringify({
                jpy: { eligible: ['6758'], excluded: ['9984'] },
                usd: { eligible: [], excluded: [] },
                cny: { eligible: ['600519'], excluded: [] },
                krw: { eligible: [], excluded: [] },
              }),
              default: '',
              public: true,
              description: '',
            },
          ],
        });
      case '/margin/setPremium':
        if (unknown.has(body.symbol)) {
          return reply({ status: 0, code: 'trade.unknownSymbol', msg: 'unknown' });
        }
        if (body.premium === '') delete premiums[body.symbol];
        else premiums[body.symbol] = Number(body.premium).toFixed(4);
        return reply({ status: 1, data: null, code: 'ok.changed' });
      default:
        return new Response('', { status: 404 });
    }
  });
  return {
    fetchFn,
    calls,
    premiums,
    refuse: (...symbols: string[]) => {
      unknown = new Set(symbols);
    },
  };
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchFn);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(role: OperatorRole = 'admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <App>
          <MemoryRouter>
            <OperatorContext.Provider value={{ username: 'op', role }}>
              <MarginBorrowPage />
            </OperatorContext.Provider>
          </MemoryRouter>
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const premiumRow = (symbol: string) =>
  document.querySelector(`[data-testid="borrow-premium-row"][data-symbol="${symbol}"]`) as HTMLElement | null;
const field = (id: string) =>
  (document.querySelector(`[data-testid="${id}"]`) as HTMLElement).closest('.ant-form-item') as HTMLElement;

describe('the margin borrow page (逆日歩)', () => {
  it('shows an amount as read, in the market’s currency, and as typed', () => {
    expect(premiumText('0.0500', 'jpy')).toBe('0.05円');
    expect(premiumText('1.5000', 'usd')).toBe('$1.5');
    expect(premiumText('1200.0000', 'jpy')).toBe('1,200円');
    expect(premiumText('0.0200', '')).toBe('0.02');
    // and as the form takes it again: no separators, no trailing zeros
    expect(plainPremium('1200.0500')).toBe('1200.05');
    expect(plainPremium('1200.0000')).toBe('1200');
    expect(plainPremium('30')).toBe('30');
  });

  it('lists the yearly rates per market and every stock’s premium', async () => {
    renderPage();
    await waitFor(() => expect(premiumRow('7203')).not.toBeNull());
    const rates = [...document.querySelectorAll('[data-testid="borrow-rate-row"]')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(rates).toEqual([
      ['JPY', '2.80%', '1.10%'],
      ['USD', '3.00%', '1.10%'],
      ['CNY', '3.00%', '1.10%'],
      ['KRW', '3.00%', '1.10%'],
    ]);
    expect(within(premiumRow('7203') as HTMLElement).getByTestId('borrow-premium-value').textContent).toBe(
      '0.05円',
    );
    expect(within(premiumRow('AAPL') as HTMLElement).getByTestId('borrow-premium-value').textContent).toBe(
      '$0.02',
    );
    // an administrator sees the shortable list and the way to the setting
    await screen.findByTestId('shortable-jpy-eligible');
    expect(screen.getByTestId('shortable-jpy-eligible').textContent).toBe('6758');
    expect(screen.getByTestId('shortable-jpy-excluded').textContent).toBe('9984');
    expect(screen.getByTestId('shortable-cny-eligible').textContent).toBe('600519');
    expect(screen.getByTestId('shortable-edit').getAttribute('href')).toBe('/config');
  });

  it('an operator (not an administrator) is told who edits the shortable list; the settings are not read', async () => {
    renderPage('operator');
    await waitFor(() => expect(premiumRow('7203')).not.toBeNull());
    expect(screen.getByTestId('shortable-admin-only').textContent).toBe(jp['marginBorrow.listAdminOnly']);
    expect(screen.queryByTestId('shortable-edit')).toBeNull();
    expect(server.calls.some((c) => c.path === '/config/list')).toBe(false);
  });

  it('sets a stock’s premium with a reason, and the list shows the new amount', async () => {
    renderPage();
    await waitFor(() => expect(premiumRow('7203')).not.toBeNull());
    fireEvent.click(within(premiumRow('7203') as HTMLElement).getByTestId('borrow-edit'));
    const premium = screen.getByTestId('borrow-premium') as HTMLInputElement;
    expect(premium.value).toBe('0.05');
    // the reason is required, and a malformed amount is refused before any call
    fireEvent.change(premium, { target: { value: '1.23456' } });
    fireEvent.click(screen.getByTestId('borrow-submit'));
    await waitFor(() => expect(field('borrow-premium').textContent).toContain(jp['form.amountInvalid']));
    expect(field('borrow-reason').textContent).toContain(jp['form.reasonRequired']);
    fireEvent.change(premium, { target: { value: '0' } });
    await waitFor(() =>
      expect(field('borrow-premium').textContent).toContain(jp['marginBorrow.amountPositive']),
    );
    expect(server.calls.some((c) => c.path === '/margin/setPremium')).toBe(false);

    fireEvent.change(premium, { target: { value: '0.12' } });
    fireEvent.change(screen.getByTestId('borrow-reason'), { target: { value: ' 品貸料の公表 ' } });
    fireEvent.click(screen.getByTestId('borrow-submit'));
    await waitFor(() =>
      expect(within(premiumRow('7203') as HTMLElement).getByTestId('borrow-premium-value').textContent).toBe(
        '0.12円',
      ),
    );
    expect(server.calls.filter((c) => c.path === '/margin/setPremium').map((c) => c.body)).toEqual([
      { symbol: '7203', premium: '0.12', reason: '品貸料の公表' },
    ]);
    expect(screen.queryByTestId('borrow-error')).toBeNull();
  });

  it('removes a premium with a reason', async () => {
    renderPage();
    await waitFor(() => expect(premiumRow('AAPL')).not.toBeNull());
    fireEvent.click(within(premiumRow('AAPL') as HTMLElement).getByTestId('borrow-remove'));
    const reason = await screen.findByTestId('borrow-remove-reason');
    fireEvent.change(reason, { target: { value: 'borrow available again' } });
    const ok = (reason.closest('.ant-modal') as HTMLElement).querySelector(
      '.ant-btn-dangerous',
    ) as HTMLElement;
    fireEvent.click(ok);
    await waitFor(() => expect(premiumRow('AAPL')).toBeNull());
    expect(server.calls.filter((c) => c.path === '/margin/setPremium').map((c) => c.body)).toEqual([
      { symbol: 'AAPL', premium: '', reason: 'borrow available again' },
    ]);
  });

  it('shows the server’s refusal, translated, and keeps what was typed', async () => {
    server.refuse('7203');
    renderPage();
    await waitFor(() => expect(premiumRow('7203')).not.toBeNull());
    fireEvent.click(within(premiumRow('7203') as HTMLElement).getByTestId('borrow-edit'));
    fireEvent.change(screen.getByTestId('borrow-premium'), { target: { value: '0.3' } });
    fireEvent.change(screen.getByTestId('borrow-reason'), { target: { value: 'scarce' } });
    fireEvent.click(screen.getByTestId('borrow-submit'));
    const alert = await screen.findByTestId('borrow-error');
    expect(alert.textContent).toContain(MESSAGES['trade.unknownSymbol'].jp);
    expect((screen.getByTestId('borrow-premium') as HTMLInputElement).value).toBe('0.3');
    expect(server.premiums['7203']).toBe('0.0500');
  });
});
