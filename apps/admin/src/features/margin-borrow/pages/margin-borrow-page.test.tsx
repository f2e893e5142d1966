// @vitest-environment happy-dom

import { ADMIN_API_BASE, MESSAGES, type OperatorRole } from '@kabuto/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeItem } from '../../../lib/storage.ts';
import jp from '../../../locales/jp/admin.json';
import { answerMediaQueries } from '../../../testing/dom.ts';
import { renderScreen } from '../../../testing/screen.tsx';
import { MarginBorrowPage, plainPremium, premiumText } from './margin-borrow-page.tsx';

beforeAll(answerMediaQueries);

/**
 * The admin API as the page sees it, kept in memory: the premiums as the server stores them (four
 * decimals), the markets' stocks named in the call's `lang` (jp when absent), the settings;
 * `/margin/setPremium` refuses a stock it does not know.
 */
function fakeServer() {
  const premiums: Record<string, string> = { '7203': '0.0500', AAPL: '0.0200' };
  const stocks = [
    { symbol: '7203', name: 'トヨタ自動車', market_cap: '0', rate: '0.10', source: 'tier' },
    { symbol: '9984', name: 'ソフトバンクグループ', market_cap: '0', rate: '0.10', source: 'tier' },
  ];
  const calls: { path: string; body: Record<string, string> }[] = [];
  // the catalogue's other names of the stocks above (jp names them)
  const otherNames: Record<string, Record<string, string>> = {
    トヨタ自動車: { cn: '丰田汽车', us: 'Toyota Motor' },
    ソフトバンクグループ: { cn: '软银集团', us: 'SoftBank Group' },
    ソニーグループ: { cn: '索尼集团', us: 'Sony Group' },
  };
  let lang = 'jp';
  const named = (name: string) => otherNames[name]?.[lang] ?? name;
  // the shortable lists as stored, and the catalogue as the server decides each stock's status
  const lists: Record<string, { eligible: string[]; excluded: string[] }> = {
    jpy: { eligible: ['6758'], excluded: ['9984'] },
    usd: { eligible: [], excluded: [] },
    cny: { eligible: ['600519'], excluded: [] },
    krw: { eligible: [], excluded: [] },
  };
  const catalogue: Record<string, { market: string; name: string; byDefault: boolean }> = {
    '7203': { market: 'jpy', name: 'トヨタ自動車', byDefault: true },
    '9984': { market: 'jpy', name: 'ソフトバンクグループ', byDefault: true },
    '6758': { market: 'jpy', name: 'ソニーグループ', byDefault: false },
    '600519': { market: 'cny', name: '贵州茅台', byDefault: false },
  };
  const shortableRow = (market: string, symbol: string) => {
    const l = lists[market];
    const list = l.excluded.includes(symbol) ? 'excluded' : l.eligible.includes(symbol) ? 'eligible' : null;
    const c = catalogue[symbol];
    return {
      symbol,
      name: c ? named(c.name) : '',
      list,
      by_default: c?.byDefault ?? false,
      shortable: c ? (list === null ? c.byDefault : list === 'eligible') : false,
    };
  };
  let unknown = new Set<string>();
  const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  const fetchFn = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.slice(ADMIN_API_BASE.length);
    const body = JSON.parse(String(init.body)) as Record<string, string>;
    calls.push({ path, body });
    lang = body.lang ?? 'jp';
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
        return reply({
          status: 1,
          data: {
            tiers: [],
            list: body.market === 'jpy' ? stocks.map((r) => ({ ...r, name: named(r.name) })) : [],
          },
        });
      case '/margin/shortable': {
        const market = body.market as 'jpy' | 'cny';
        const row = (symbol: string) => shortableRow(market, symbol);
        const listed = [...(lists[market]?.eligible ?? []), ...(lists[market]?.excluded ?? [])].sort();
        return reply({
          status: 1,
          data: {
            market,
            ban: false,
            list: listed.map(row),
            check: body.symbol && catalogue[body.symbol]?.market === market ? row(body.symbol) : null,
          },
        });
      }
      case '/margin/shortableAdd': {
        const l = lists[body.market as 'jpy'];
        if (!catalogue[body.symbol]) return reply({ status: 0, code: 'trade.unknownSymbol', msg: 'x' });
        if (l.eligible.includes(body.symbol) || l.excluded.includes(body.symbol)) {
          return reply({
            status: 0,
            code: 'admin.shortableListed',
            msg: 'x',
            params: { symbol: body.symbol },
          });
        }
        l[body.list as 'eligible'].push(body.symbol);
        return reply({ status: 1, data: null, code: 'ok.changed' });
      }
      case '/margin/shortableRemove': {
        const l = lists[body.market as 'jpy'];
        l[body.list as 'eligible'] = l[body.list as 'eligible'].filter((x) => x !== body.symbol);
        return reply({ status: 1, data: null, code: 'ok.changed' });
      }
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
    lists,
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
  writeItem(STORAGE_KEYS.language, null);
});

let screenLang: (lang: 'jp' | 'cn' | 'us') => void;
function renderPage(role: OperatorRole = 'admin') {
  screenLang = renderScreen(<MarginBorrowPage />, { role }).setLang;
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
  });

  it('an operator (not an administrator) is told who edits the shortable list; the list is not read', async () => {
    renderPage('operator');
    await waitFor(() => expect(premiumRow('7203')).not.toBeNull());
    expect(screen.getByTestId('shortable-admin-only').textContent).toBe(jp['marginBorrow.listAdminOnly']);
    expect(screen.queryByTestId('shortable-editor')).toBeNull();
    expect(server.calls.some((c) => c.path.startsWith('/margin/shortable'))).toBe(false);
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

const shortableRow = (symbol: string) =>
  document.querySelector(`[data-testid="shortable-row"][data-symbol="${symbol}"]`) as HTMLElement | null;
const cellText = (row: HTMLElement, id: string) => within(row).getByTestId(id).textContent;

/** Pick an option of an antd Select by typing into its search and clicking the option. */
async function pick(testId: string, typed: string, optionText: string) {
  const input = (document.querySelector(`[data-testid="${testId}"]`) as HTMLElement).querySelector(
    'input',
  ) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: typed } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) =>
      o.textContent?.includes(optionText),
    );
    if (!found) throw new Error(`no option ${optionText}`);
    return found as HTMLElement;
  });
  fireEvent.click(option);
}

describe('the shortable list (administrators)', () => {
  it('shows each market’s added and excluded stocks with their names and status today', async () => {
    renderPage();
    await waitFor(() => expect(shortableRow('6758')).not.toBeNull());
    const sony = shortableRow('6758') as HTMLElement;
    expect(cellText(sony, 'shortable-name')).toBe('ソニーグループ');
    expect(cellText(sony, 'shortable-list')).toBe(jp['marginBorrow.eligible']);
    expect(cellText(sony, 'shortable-status')).toBe(jp['marginBorrow.shortableYes']);
    expect(cellText(sony, 'shortable-default')).toBe(
      jp['marginBorrow.byDefault'].replace('{status}', jp['marginBorrow.shortableNo']),
    );
    const softbank = shortableRow('9984') as HTMLElement;
    expect(cellText(softbank, 'shortable-list')).toBe(jp['marginBorrow.excluded']);
    expect(cellText(softbank, 'shortable-status')).toBe(jp['marginBorrow.shortableNo']);
    // the other markets
    fireEvent.click(within(screen.getByTestId('shortable-market')).getByText('CNY'));
    await waitFor(() => expect(shortableRow('600519')).not.toBeNull());
    expect(shortableRow('6758')).toBeNull();
    fireEvent.click(within(screen.getByTestId('shortable-market')).getByText('USD'));
    await waitFor(() =>
      expect(screen.getByTestId('shortable-card').textContent).toContain(jp['marginBorrow.shortableEmpty']),
    );
    expect(server.calls.filter((c) => c.path === '/margin/shortable').map((c) => c.body.market)).toEqual(
      expect.arrayContaining(['jpy', 'cny', 'usd']),
    );
  });

  it('excludes a stock with a reason: its status shows before, and the list after', async () => {
    renderPage();
    await waitFor(() => expect(shortableRow('6758')).not.toBeNull());
    // a reason is required before any call
    fireEvent.click(screen.getByTestId('shortable-add'));
    await waitFor(() => expect(field('shortable-reason').textContent).toContain(jp['form.reasonRequired']));
    expect(field('shortable-symbol').textContent).toContain(jp['form.required']);

    await pick('shortable-list-kind', '', jp['marginBorrow.excludedHint']);
    // the stocks already listed are not offered again
    await pick('shortable-symbol', '7203', 'トヨタ自動車');
    const check = await screen.findByTestId('shortable-check');
    expect(within(check).getByTestId('shortable-status').textContent).toBe(jp['marginBorrow.shortableYes']);
    fireEvent.change(screen.getByTestId('shortable-reason'), { target: { value: ' 貸借銘柄から除外 ' } });
    fireEvent.click(screen.getByTestId('shortable-add'));
    await waitFor(() => expect(shortableRow('7203')).not.toBeNull());
    expect(server.calls.filter((c) => c.path === '/margin/shortableAdd').map((c) => c.body)).toEqual([
      { market: 'jpy', list: 'excluded', symbol: '7203', reason: '貸借銘柄から除外' },
    ]);
    const toyota = shortableRow('7203') as HTMLElement;
    expect(cellText(toyota, 'shortable-list')).toBe(jp['marginBorrow.excluded']);
    expect(cellText(toyota, 'shortable-status')).toBe(jp['marginBorrow.shortableNo']);
    expect(server.lists.jpy.excluded).toEqual(['9984', '7203']);
    // the form is ready for the next one
    expect((screen.getByTestId('shortable-reason') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the server’s refusal translated and keeps what was typed', async () => {
    renderPage();
    await waitFor(() => expect(shortableRow('6758')).not.toBeNull());
    // listed meanwhile by another administrator
    server.lists.jpy.eligible.push('7203');
    await pick('shortable-symbol', '7203', 'トヨタ自動車');
    fireEvent.change(screen.getByTestId('shortable-reason'), { target: { value: '追加' } });
    fireEvent.click(screen.getByTestId('shortable-add'));
    const alert = await screen.findByTestId('shortable-error');
    expect(alert.textContent).toContain(MESSAGES['admin.shortableListed'].jp.replace('{symbol}', '7203'));
    expect((screen.getByTestId('shortable-reason') as HTMLTextAreaElement).value).toBe('追加');
  });

  it('names the stocks in the operator’s language, and reads them again when it changes', async () => {
    renderPage();
    await waitFor(() => expect(shortableRow('6758')).not.toBeNull());
    expect(cellText(shortableRow('6758') as HTMLElement, 'shortable-name')).toBe('ソニーグループ');
    const langs = (path: string) =>
      new Set(server.calls.filter((c) => c.path === path).map((c) => c.body.lang));
    // the shortable list and the stocks offered (the lending rates' list)
    expect(langs('/margin/shortable')).toEqual(new Set(['jp']));
    expect(langs('/lending/rates')).toEqual(new Set(['jp']));

    screenLang('us');
    await waitFor(() =>
      expect(cellText(shortableRow('6758') as HTMLElement, 'shortable-name')).toBe('Sony Group'),
    );
    expect(langs('/margin/shortable')).toEqual(new Set(['jp', 'us']));
    await waitFor(() => expect(langs('/lending/rates')).toEqual(new Set(['jp', 'us'])));
    // the stocks offered are named in it too, and so is the check of the one picked
    await pick('shortable-symbol', '7203', 'Toyota Motor');
    await waitFor(() =>
      expect(
        server.calls
          .filter((c) => c.path === '/margin/shortable' && c.body.symbol === '7203')
          .map((c) => c.body),
      ).toEqual([{ market: 'jpy', symbol: '7203', lang: 'us' }]),
    );
  });

  it('takes a stock off its list with a reason', async () => {
    renderPage();
    await waitFor(() => expect(shortableRow('9984')).not.toBeNull());
    fireEvent.click(within(shortableRow('9984') as HTMLElement).getByTestId('shortable-remove'));
    const reason = await screen.findByTestId('shortable-remove-reason');
    const ok = (reason.closest('.ant-modal') as HTMLElement).querySelector(
      '.ant-btn-dangerous',
    ) as HTMLElement;
    // without a reason (blanks are none) the dialog stays, saying so, and nothing is sent
    fireEvent.change(reason, { target: { value: '  ' } });
    fireEvent.click(ok);
    expect((await screen.findByTestId('reason-confirm-error')).textContent).toBe(jp['form.reasonRequired']);
    expect(server.calls.some((c) => c.path === '/margin/shortableRemove')).toBe(false);
    fireEvent.change(reason, { target: { value: '貸借銘柄に戻った' } });
    fireEvent.click(ok);
    await waitFor(() => expect(shortableRow('9984')).toBeNull());
    expect(server.calls.filter((c) => c.path === '/margin/shortableRemove').map((c) => c.body)).toEqual([
      { market: 'jpy', list: 'excluded', symbol: '9984', reason: '貸借銘柄に戻った' },
    ]);
  });
});
