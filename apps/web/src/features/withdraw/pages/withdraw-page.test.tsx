// @vitest-environment happy-dom
import { MESSAGES } from '@kabuto/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n.ts';
import { assetsSummaryWire, cardsWire, configWire, userInfoWire } from '../../../testing/fixtures.wire.ts';
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
import { WithdrawPage } from './withdraw-page.tsx';

const m = (key: string, values?: Record<string, unknown>) => translate(key, values, 'money');
const RECORDS = '/mine/transactionRecords';

/** The server a verified user with ¥1,000,000, a bank account and a fund password meets. */
const server = () =>
  fakeServer({
    '/user/getUserinfo': ok(userInfoWire()),
    '/user/cardList': ok(cardsWire()),
    '/user/assets_summary': ok(assetsSummaryWire()),
    '/common/config': ok(
      configWire({
        withdraw_limits: { jpy: { min: '1000', max: '500000' } },
        withdraw_block_positions: 'true',
      }),
    ),
    '/user/withdrawable': ok({
      type: 'jpy',
      available: '1000000.0000',
      withdrawable: '800000.0000',
      unsettled: [{ money: '200000.0000', settle_date: '2026-11-26' }],
    }),
  });

const open = () => renderScreen(<WithdrawPage />, { url: '/mine/withdraw', routes: [RECORDS] });
const amount = () => screen.getByLabelText(m('withdraw.amount')) as HTMLInputElement;
const password = () => screen.getByLabelText(m('withdraw.password')) as HTMLInputElement;

/** Fill the form as a person with a Japanese keyboard might: full-width digits and a thousands comma. */
async function fillAndSend() {
  await screen.findByTestId('withdraw-form');
  fireEvent.change(amount(), { target: { value: '５０，０００' } });
  fireEvent.change(password(), { target: { value: '１２３４５６' } });
  fireEvent.click(screen.getByTestId('withdraw-submit'));
  await confirmDialog(m('withdraw.confirm'));
}

beforeAll(() => loadTranslations('money'));
resetBetweenTests();

describe('the withdrawal form', () => {
  it('shows placeholders while loading, then what may be withdrawn now', async () => {
    const s = server();
    const release = s.hold('/user/cardList');
    const { container } = open();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    release();
    await waitFor(() => expect(screen.getByTestId('withdraw-available').dataset.value).toBe('800000.0000'));
    expect(screen.getByTestId('withdraw-unsettled').textContent).toContain('2026-11-26');
  });

  it('says a load failed and loads again on retry', async () => {
    const s = server();
    s.on('/user/getUserinfo', httpStatus(500));
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(translate('states.error', undefined, 'shell'));
    s.on('/user/getUserinfo', ok(userInfoWire()));
    fireEvent.click(screen.getByRole('button', { name: translate('actions.retry') }));
    expect(await screen.findByTestId('withdraw-form')).toBeTruthy();
  });

  it('sends full-width digits as the amount and the code they mean, then goes to the records', async () => {
    const s = server();
    s.on('/user/withdrawal', ok(null, 'ok.withdrawSubmitted'));
    open();
    await fillAndSend();
    expect(await toastText()).toBe(MESSAGES['ok.withdrawSubmitted'].jp);
    expect(await screen.findByTestId(`route:${RECORDS}`)).toBeTruthy();
    const [sent] = s.calls('/user/withdrawal');
    expect(sent.body).toEqual({ money: '50000', bankid: '11', passwords: '123456', type: 'jpy' });
    expect(sent.headers['idempotency-key']).toBeTruthy();
  });

  it('shows the server’s refusal translated with its values, and clears the fund password', async () => {
    const s = server();
    s.on('/user/withdrawal', refusal('withdraw.outsideHours', { window: '09:00〜15:00' }));
    open();
    await fillAndSend();
    expect(await toastText()).toBe('出金受付時間外です（09:00〜15:00）');
    await waitFor(() => expect(password().value).toBe(''));
    expect(amount().value).toBe('５０，０００');
    expect(screen.queryByTestId(`route:${RECORDS}`)).toBeNull();
  });

  it('refuses decimals in yen under the field and sends nothing', async () => {
    const s = server();
    open();
    await screen.findByTestId('withdraw-form');
    fireEvent.change(amount(), { target: { value: '1000.5' } });
    expect(screen.getByTestId('input-problem').textContent).toBe('小数点以下は入力できません');
    fireEvent.change(password(), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await toastText()).not.toBe('');
    expect(s.calls('/user/withdrawal')).toHaveLength(0);
  });

  it('refuses more than the per-request limit before asking the server', async () => {
    const s = server();
    open();
    await screen.findByTestId('withdraw-form');
    await waitFor(() => expect(screen.getByTestId('withdraw-available').dataset.value).toBe('800000.0000'));
    fireEvent.change(amount(), { target: { value: '900000' } });
    fireEvent.change(password(), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await toastText()).toBe('出金額は500,000円以下にしてください');
    expect(s.calls('/user/withdrawal')).toHaveLength(0);
  });

  it('holds the form back while stocks are held (a setting)', async () => {
    const s = server();
    s.on('/user/assets_summary', ok(assetsSummaryWire(2)));
    open();
    expect(await screen.findByTestId('withdraw-gate')).toBeTruthy();
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
