// @vitest-environment happy-dom
import { MESSAGES } from '@kabuto/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n.ts';
import { offeringWire, userInfoWire } from '../../../testing/fixtures.wire.ts';
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
import { NewShareInfoPage } from './new-share-info-page.tsx';

const n = (key: string, values?: Record<string, unknown>) => translate(key, values, 'newShares');
/** antd-mobile's own confirm button in Japanese. */
const CONFIRM = '確認';

const server = () =>
  fakeServer({
    '/user/getUserinfo': ok(userInfoWire()),
    '/trade/placinglist': ok([offeringWire()]),
  });

const open = () =>
  renderScreen(<NewShareInfoPage />, { url: '/home/newShareInfo?id=77', path: '/home/newShareInfo' });
const quantity = () => screen.getByTestId('ipo-quantity') as HTMLInputElement;
const submit = () => screen.getByTestId('ipo-apply-submit') as HTMLButtonElement;

beforeAll(() => loadTranslations('newShares'));
resetBetweenTests();

describe('the new-share apply sheet', () => {
  it('shows placeholders while the offering loads, then one lot to apply for', async () => {
    const s = server();
    const release = s.hold('/trade/placinglist');
    const { container } = open();
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    release();
    await screen.findByTestId('ipo-apply');
    expect(quantity().value).toBe('100');
    // 100 × ¥1,200
    expect(screen.getByTestId('ipo-apply').textContent).toContain('120,000');
  });

  it('says the offering failed to load, and loads it again on retry', async () => {
    const s = server();
    s.on('/trade/placinglist', httpStatus(500));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain(
      translate('states.error', undefined, 'shell'),
    );
    s.on('/trade/placinglist', ok([offeringWire()]));
    fireEvent.click(screen.getByRole('button', { name: translate('actions.retry') }));
    expect(await screen.findByTestId('ipo-apply')).toBeTruthy();
  });

  it('takes a typed quantity in lots, refusing one off the lot or over the maximum', async () => {
    server();
    open();
    await screen.findByTestId('ipo-apply');
    fireEvent.change(quantity(), { target: { value: '２５０' } });
    expect(screen.getByTestId('ipo-problem').textContent).toBe(n('lotProblem', { lot: '100' }));
    expect(submit().disabled).toBe(true);
    fireEvent.change(quantity(), { target: { value: '1,100' } });
    expect(screen.getByTestId('ipo-problem').textContent).toBe(n('maxProblem', { max: '1,000' }));
    fireEvent.change(quantity(), { target: { value: '2.5' } });
    expect(screen.getByTestId('input-problem').textContent).toBe('株数は整数で入力してください');
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '+' }));
    expect(quantity().value).toBe('100');
    fireEvent.change(quantity(), { target: { value: '３００' } });
    expect(screen.queryByTestId('ipo-problem')).toBeNull();
    expect(submit().disabled).toBe(false);
    expect(screen.getByTestId('ipo-apply').textContent).toContain('360,000');
  });

  it('shows the server’s refusal translated', async () => {
    const s = server();
    s.on('/trade/buy_newstock', refusal('ipo.insufficientFunds'));
    open();
    await screen.findByTestId('ipo-apply');
    fireEvent.click(submit());
    await confirmDialog(CONFIRM);
    expect(await toastText()).toBe(MESSAGES['ipo.insufficientFunds'].jp);
    expect(screen.getByTestId('ipo-apply')).toBeTruthy();
  });

  it('applies for the typed shares and then shows the application', async () => {
    const s = server();
    s.on('/trade/buy_newstock', () => {
      s.on(
        '/trade/placinglist',
        ok([
          offeringWire({
            mine: {
              id: '9',
              apply_total: 300,
              lucky_total: 0,
              rjmoney: '360000.0000',
              status: 1,
              outcome: 'pending',
              xgstate: 'ipo.state.held',
            },
          }),
        ]),
      );
      return ok(null, 'ok.subscribed');
    });
    open();
    await screen.findByTestId('ipo-apply');
    fireEvent.change(quantity(), { target: { value: '３００' } });
    fireEvent.click(submit());
    await confirmDialog(CONFIRM);
    expect(await toastText()).toBe(MESSAGES['ok.subscribed'].jp);
    expect((await screen.findByTestId('ipo-mine')).textContent).toContain('300');
    expect(screen.queryByTestId('ipo-apply')).toBeNull();
    const [sent] = s.calls('/trade/buy_newstock');
    expect(sent.body).toEqual({ id: '77', zhang: '300', type: 'jpy' });
    expect(sent.headers['idempotency-key']).toBeTruthy();
  });
});
