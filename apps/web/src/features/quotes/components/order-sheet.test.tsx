// @vitest-environment happy-dom
import { MESSAGES } from '@kabuto/contract';
import type { InstrumentSpec } from '@kabuto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../lib/i18n.ts';
import { userInfoWire } from '../../../testing/fixtures.wire.ts';
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
import { type Direction, OrderSheet, type OrderTarget } from './order-sheet.tsx';

const topix: InstrumentSpec = { market: 'jpy', board: 'tse_prime', tickTable: 'tse_topix500' };

/** A TOPIX500 stock at ¥2,999.5 (its quote's tick is ¥0.5; above ¥3,000 the band's tick is ¥1). */
const target: OrderTarget = {
  symbol: '8306',
  name: '三菱UFJ',
  market: 'jpy',
  spec: topix,
  tradingDay: '2026-11-24',
  price: '2999.5000',
  tick: '0.5000',
  limitUp: '3499.5000',
  limitDown: '2499.5000',
  minQty: 100,
  decimals: 1,
};

const q = (key: string, values?: Record<string, unknown>) => translate(key, values, 'quotes');

function Sheet({ onClose = () => {}, now }: { onClose?: () => void; now?: number }) {
  const [direction, setDirection] = useState<Direction>(1);
  return (
    <OrderSheet
      target={{ ...target, now }}
      direction={direction}
      onDirection={setDirection}
      visible
      onClose={onClose}
    />
  );
}

const submit = () => screen.getByTestId('order-submit') as HTMLButtonElement;
const type = (testid: string, text: string) =>
  fireEvent.change(screen.getByTestId(testid), { target: { value: text } });

beforeAll(() => loadTranslations('quotes'));
resetBetweenTests();

describe('the order sheet', () => {
  it('shows no balance while the user loads, then the available cash', async () => {
    const server = fakeServer({ '/user/getUserinfo': ok(userInfoWire()) });
    const release = server.hold('/user/getUserinfo');
    renderScreen(<Sheet />);
    expect((await screen.findByTestId('order-available')).textContent).toContain('--');
    release();
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('1,000,000'));
  });

  it('refuses a limit price off the tick of its own band: ¥3,000.5 on a TOPIX500 stock', async () => {
    fakeServer({ '/user/getUserinfo': ok(userInfoWire()) });
    renderScreen(<Sheet />);
    fireEvent.click(await screen.findByTestId('order-type-limit'));
    type('order-price', '3000.5');
    // the band above ¥3,000 has a ¥1 tick, though the quote's own tick is ¥0.5
    expect(screen.getByTestId('order-problem').textContent).toBe(q('order.offTick', { tick: '1' }));
    expect(submit().disabled).toBe(true);
    type('order-price', '2999.5');
    expect(screen.queryByTestId('order-problem')).toBeNull();
    type('order-price', '3001');
    expect(screen.queryByTestId('order-problem')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('refuses 1.5 shares where it was typed, and a full-width quantity counts', async () => {
    fakeServer({ '/user/getUserinfo': ok(userInfoWire()) });
    renderScreen(<Sheet />);
    await screen.findByTestId('order-qty');
    type('order-qty', '1.5');
    expect(screen.getByTestId('input-problem').textContent).toBe('株数は整数で入力してください');
    expect(screen.queryByTestId('order-problem')).toBeNull();
    expect(submit().disabled).toBe(true);
    type('order-qty', '２００');
    expect(screen.queryByTestId('input-problem')).toBeNull();
    await waitFor(() => expect(submit().disabled).toBe(false));
    // 200 × ¥2,999.5 = ¥599,900
    expect(screen.getByTestId('order-summary').textContent).toContain('599,900');
  });

  it('places the order after the confirmation, with one idempotency key, and closes', async () => {
    const server = fakeServer({
      '/user/getUserinfo': ok(userInfoWire()),
      '/trade/buy_stock': ok({ id: '1' }, 'ok.bought'),
      '/user/positions': ok([]),
    });
    const onClose = vi.fn();
    renderScreen(<Sheet onClose={onClose} />);
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('1,000,000'));
    fireEvent.click(screen.getByTestId('order-type-limit'));
    type('order-price', '3,001');
    fireEvent.click(submit());
    await confirmDialog(q('order.place'));
    expect(await toastText()).toBe(MESSAGES['ok.bought'].jp);
    expect(onClose).toHaveBeenCalled();
    const [sent] = server.calls('/trade/buy_stock');
    expect(sent.body).toEqual({
      symbol: '8306',
      zhang: '100',
      ganggan: expect.any(String),
      buyzd: '1',
      gdlx: '2',
      buy_price: '3001.0000',
      type: 'jpy',
      timing: 'any',
      valid_until: 'day',
    });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends 寄指 until a chosen date with an IFDOCO, after previews by the domain’s rules', async () => {
    const server = fakeServer({
      '/user/getUserinfo': ok(userInfoWire()),
      '/trade/buy_stock': ok({ id: '1' }, 'ok.bought'),
      '/user/positions': ok([]),
    });
    // Tuesday 2026-11-24 at 20:00 in Tokyo: the order waits for Wednesday's open
    renderScreen(<Sheet now={Date.parse('2026-11-24T20:00:00+09:00')} />);
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('1,000,000'));
    fireEvent.click(screen.getByTestId('order-type-limit'));
    type('order-price', '2,990');
    // the calendar rules arrive with the intraday chart's code
    expect((await screen.findByTestId('order-when', {}, { timeout: 5000 })).textContent).toBe(
      q('book.pv.callLimit', { call: q('book.call.open', { at: '2026-11-25 09:00' }), limit: '2,990.0' }),
    );
    fireEvent.click(screen.getByTestId('order-timing-open'));
    expect(screen.getByTestId('order-timing-open').textContent).toBe('寄指');
    fireEvent.click(screen.getByTestId('order-timing-any'));
    fireEvent.click(screen.getByTestId('order-valid-until'));
    // at most 15 trading days from Wednesday's session: 11/25 … 12/15
    const days = screen.getAllByTestId('order-valid-date');
    expect(days).toHaveLength(15);
    expect(days.at(-1)?.getAttribute('data-date')).toBe('2026-12-15');
    fireEvent.click(days[2]);
    // IFDOCO: take profit at 3,100, stop at 2,900
    fireEvent.click(screen.getByTestId('order-then-kind-oco'));
    expect(screen.getByTestId('order-problem').textContent).toBe(q('exit.enterPrices'));
    type('order-then-limit', '3100');
    type('order-then-stop', '2900');
    const preview = screen.getByTestId('order-then-preview').textContent ?? '';
    expect(preview).toContain(q('exit.pv.limit.1', { level: '3,100.0', fill: '3,100.0' }));
    expect(preview).toContain(q('exit.pv.stop.1', { level: '2,900.0', fill: '' }));
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await confirmDialog(q('order.place'));
    expect(await toastText()).toBe(MESSAGES['ok.bought'].jp);
    const [sent] = server.calls('/trade/buy_stock');
    expect(sent.body).toMatchObject({
      gdlx: '2',
      buy_price: '2990.0000',
      timing: 'any',
      valid_until: days[2].getAttribute('data-date'),
      then_kind: 'oco',
      then_limit: '3100.0000',
      then_stop: '2900.0000',
    });
  });

  it('shows a refusal translated, and stays open to try again', async () => {
    fakeServer({
      '/user/getUserinfo': ok(userInfoWire()),
      '/trade/buy_stock': refusal('trade.outsideHours'),
    });
    const onClose = vi.fn();
    renderScreen(<Sheet onClose={onClose} />);
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('1,000,000'));
    fireEvent.click(submit());
    await confirmDialog(q('order.place'));
    expect(await toastText()).toBe(MESSAGES['trade.outsideHours'].jp);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('links to the margin account application when an order above 1× is refused for want of one', async () => {
    fakeServer({
      '/user/getUserinfo': ok(userInfoWire()),
      '/trade/buy_stock': refusal('margin.accountRequired'),
    });
    renderScreen(<Sheet />, { routes: ['/mine/margin'] });
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('1,000,000'));
    expect(screen.queryByTestId('order-margin-needed')).toBeNull();
    fireEvent.click(submit());
    await confirmDialog(q('order.place'));
    expect(await toastText()).toBe(MESSAGES['margin.accountRequired'].jp);
    expect((await screen.findByTestId('order-margin-needed')).textContent).toContain(q('order.marginNeeded'));
    fireEvent.click(screen.getByTestId('order-margin-apply'));
    expect(await screen.findByTestId('route:/mine/margin')).toBeTruthy();
  });

  it('says so when the server fails, and stays open', async () => {
    fakeServer({
      '/user/getUserinfo': ok(userInfoWire()),
      '/trade/buy_stock': httpStatus(500),
    });
    const onClose = vi.fn();
    renderScreen(<Sheet onClose={onClose} />);
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('1,000,000'));
    fireEvent.click(submit());
    await confirmDialog(q('order.place'));
    expect(await toastText()).toBe(MESSAGES['server.error'].jp);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('asks for a fund password before any order when none is set', async () => {
    fakeServer({ '/user/getUserinfo': ok(userInfoWire({ has_fund_password: false, passwords: '' })) });
    renderScreen(<Sheet />);
    expect(await screen.findByText(q('order.needFundPassword'))).toBeTruthy();
    expect(submit().disabled).toBe(true);
  });
});
