// @vitest-environment happy-dom
import type { InstrumentSpec } from '@kabuto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { userInfoWire } from '../../../testing/fixtures.ts';
import {
  confirmDialog,
  fakeServer,
  loadTranslations,
  msg,
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

function Sheet() {
  const [direction, setDirection] = useState<Direction>(1);
  return (
    <OrderSheet target={target} direction={direction} onDirection={setDirection} visible onClose={() => {}} />
  );
}

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
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '3000.5' } });
    expect(screen.getByTestId('order-problem').textContent).toMatch(/1/);
    expect((screen.getByTestId('order-submit') as HTMLButtonElement).disabled).toBe(true);
    // ¥2,999.5 is on the ¥0.5 grid of its band, and ¥3,001 on the ¥1 grid of its own
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '2999.5' } });
    expect(screen.queryByTestId('order-problem')).toBeNull();
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '3001' } });
    expect(screen.queryByTestId('order-problem')).toBeNull();
  });
});
