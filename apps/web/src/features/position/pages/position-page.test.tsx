// @vitest-environment happy-dom
import { MESSAGES } from '@kabuto/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../lib/i18n.ts';
import {
  marginBookWire,
  marginWire,
  positionList,
  positionWire,
  userInfoWire,
} from '../../../testing/fixtures.wire.ts';
import {
  confirmDialog,
  fakeServer,
  httpStatus,
  loadTranslations,
  ok,
  refusal,
  renderScreen,
  resetBetweenTests,
  toastText,
} from '../../../testing/screen.tsx';
import { PositionPage } from './position-page.tsx';

const p = (key: string, values?: Record<string, unknown>) => translate(key, values, 'position');

const holding = positionWire();
const closedOne = positionWire({
  id: '400',
  stock_name: 'トヨタ自動車',
  stock_code: '7203',
  status: 1,
  sell_price: '2600.0000',
  nowprice: 2600,
  yingkui: -1500,
  sell_time: 1_764_100_000,
});

const server = () =>
  fakeServer({
    '/user/getUserinfo': ok(userInfoWire()),
    '/trade/userstocklist': ok(positionList([holding], { ccsz: 152000, fdyk: 2000 })),
    '/trade/userstocklists': ok(positionList([closedOne], { lsyk: -1500 })),
  });

const open = (tab = 'holding') =>
  renderScreen(<PositionPage />, { url: `/position/index?tab=${tab}`, path: '/position/index' });

/** The quote stream never connects here: positions are read from the server's lists. */
class NoSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  onopen = null;
  onclose = null;
  onmessage = null;
  onerror = null;
  readyState = 0;
  send() {}
  close() {}
}

beforeAll(() => loadTranslations('position', 'lending', 'newShares'));
beforeEach(() => {
  vi.stubGlobal('WebSocket', NoSocket);
});
resetBetweenTests();

describe('the positions page and its position card', () => {
  it('shows placeholders while the positions load, then a card per holding', async () => {
    const s = server();
    const release = s.hold('/trade/userstocklist');
    const { container } = open();
    expect((await screen.findByTestId('summary-pnl')).textContent).toBe('--');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    release();
    const card = await screen.findByTestId('position-row');
    expect(card.dataset.id).toBe('501');
    expect(card.textContent).toContain('三菱UFJ');
    expect(card.textContent).toContain(p('dir.long'));
    expect(within(card).getByTestId('position-pnl').textContent).toContain('2,000');
    expect(within(card).getByTestId('position-now').textContent).toContain('1,520');
  });

  it('shows the margin book above the holdings when the margin account is open', async () => {
    const s = server();
    s.on('/user/margin_account', ok(marginWire({ status: 'approved', books: [marginBookWire()] })));
    open();
    const summary = await screen.findByTestId('margin-summary');
    expect(within(summary).getByTestId('margin-ratio').textContent).toBe('25.50%');
    expect(within(summary).getByTestId('margin-collateral').textContent).toBe('250,000.00円');
    expect(within(summary).queryByTestId('margin-call-amount')).toBeNull();
  });

  it('shows no margin book without a margin account', async () => {
    const s = server();
    s.on('/user/margin_account', ok(marginWire()));
    open();
    await screen.findByTestId('position-row');
    await waitFor(() => expect(s.calls('/user/margin_account')).toHaveLength(1));
    expect(screen.queryByTestId('margin-summary')).toBeNull();
  });

  it('says the positions failed to load, and loads them again on retry', async () => {
    const s = server();
    s.on('/trade/userstocklist', httpStatus(500));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain(
      translate('states.error', undefined, 'shell'),
    );
    s.on('/trade/userstocklist', ok(positionList([holding], { ccsz: 152000, fdyk: 2000 })));
    fireEvent.click(screen.getByRole('button', { name: translate('actions.retry') }));
    expect(await screen.findByTestId('position-row')).toBeTruthy();
  });

  it('shows a refused close translated and keeps the card closable', async () => {
    const s = server();
    s.on('/trade/sell_stock', refusal('trade.outsideHours'));
    open();
    fireEvent.click(await screen.findByTestId('position-close'));
    await confirmDialog(p('close'));
    expect(await toastText()).toBe(MESSAGES['trade.outsideHours'].jp);
    await waitFor(() =>
      expect((screen.getByTestId('position-close') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(s.calls('/trade/sell_stock')[0].body).toEqual({ id: '501', type: 'jpy' });
  });

  it('closes a holding after the confirmation, and the list follows', async () => {
    const s = server();
    s.on('/trade/sell_stock', () => {
      s.on('/trade/userstocklist', ok(positionList([], { ccsz: 0, fdyk: 0 })));
      return ok(null, 'ok.sold');
    });
    open();
    fireEvent.click(await screen.findByTestId('position-close'));
    await confirmDialog(p('close'));
    expect(await toastText()).toBe(MESSAGES['ok.sold'].jp);
    expect(await screen.findByText(p('emptyHolding'))).toBeTruthy();
    expect(s.calls('/trade/sell_stock')[0].headers['idempotency-key']).toBeTruthy();
  });

  it('shows closed positions with the realised total in their own tab', async () => {
    server();
    open('sold');
    const card = await screen.findByTestId('position-row');
    expect(card.dataset.id).toBe('400');
    expect(card.textContent).toContain(p('field.sellPrice'));
    expect(screen.queryByTestId('position-close')).toBeNull();
    expect(screen.getByTestId('sold-total').textContent).toContain('-1,500');
  });

  it('switches tabs in place (the tab is in the address)', async () => {
    server();
    const { router } = open();
    await screen.findByTestId('position-row');
    fireEvent.click(screen.getByRole('tab', { name: p('tabs.orders') }));
    expect(await screen.findByText(p('emptyOrders'))).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=orders');
  });
});
