// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../lib/i18n.ts';
import { endSession, startSession } from '../lib/session.ts';
import { marginBookWire, marginWire } from '../testing/fixtures.wire.ts';
import { fakeServer, loadTranslations, ok, renderScreen, resetBetweenTests } from '../testing/screen.tsx';
import MarginCallBanner from './margin-call-banner.tsx';

const call = {
  id: '9',
  type: 'jpy',
  amount: '123456.0000',
  ratio: '18.20',
  // 2026-11-26 12:00 in Tokyo
  deadline: 1_795_662_000,
  status: 'open' as const,
  create_time: 1_795_482_000,
};

const open = (url = '/home/index') =>
  renderScreen(<MarginCallBanner />, { url, path: url, routes: ['/mine/stored'] });

beforeAll(() => loadTranslations());
resetBetweenTests();

describe('the margin call banner', () => {
  it('shows an open call: its amount, its deadline on Tokyo’s clock, and a link to deposit', async () => {
    startSession('token-1', 'mg01');
    fakeServer({
      '/user/margin_account': ok(
        marginWire({ status: 'approved', books: [marginBookWire()], calls: [call] }),
      ),
    });
    open();
    const banner = await screen.findByTestId('margin-call-banner');
    expect(screen.getByTestId('margin-call-banner-amount').textContent).toBe('123,456.00円');
    expect(banner.textContent).toContain(
      translate('marginCall.deadline', { time: '2026/11/26 12:00' }, 'shell'),
    );
    fireEvent.click(screen.getByTestId('margin-call-deposit'));
    expect(await screen.findByTestId('route:/mine/stored')).toBeTruthy();
  });

  it('shows nothing without an open call', async () => {
    startSession('token-1', 'mg01');
    const s = fakeServer({
      '/user/margin_account': ok(marginWire({ status: 'approved', calls: [{ ...call, status: 'met' }] })),
    });
    const { container } = open();
    await waitFor(() => expect(s.calls('/user/margin_account')).toHaveLength(1));
    expect(container.querySelector('[data-testid="margin-call-banner"]')).toBeNull();
  });

  it('asks nothing without a session', async () => {
    endSession();
    const s = fakeServer({ '/user/margin_account': ok(marginWire()) });
    const { container } = open();
    await new Promise((r) => setTimeout(r, 20));
    expect(s.calls('/user/margin_account')).toHaveLength(0);
    expect(container.textContent).toBe('');
  });
});
