// @vitest-environment happy-dom
import { MESSAGES } from '@kabuto/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n.ts';
import { userInfoWire } from '../../../testing/fixtures.wire.ts';
import {
  fakeServer,
  httpStatus,
  loadTranslations,
  ok,
  refusal,
  renderScreen,
  resetBetweenTests,
  toastText,
} from '../../../testing/screen.tsx';
import { getDepositDraft, setDepositDraft } from '../deposit-draft.ts';
import { DepositPage } from './deposit-page.tsx';
import { DepositTransferPage } from './deposit-transfer-page.tsx';

const m = (key: string, values?: Record<string, unknown>) => translate(key, values, 'money');

const channel = {
  id: '3',
  type: 'jpy' as const,
  name: '銀行振込',
  account_name: 'カブト（カ',
  account_number: '1234567',
  bank: 'みずほ銀行',
  branch: '本店',
  open_from: '09:00',
  open_to: '15:00',
  quick: false,
  open: true,
  needs_password: true,
  bankname: 'みずほ銀行',
  bankcard: '1234567',
  min: '10000.0000',
  max: '10000000.0000',
};

const server = () =>
  fakeServer({
    '/user/getUserinfo': ok(userInfoWire()),
    '/user/rechargelist': ok([]),
    '/common/recharge_channel': ok([channel]),
  });

const openForm = () =>
  renderScreen(<DepositTransferPage />, { url: '/mine/stored', routes: ['/mine/deposit'] });
const amount = () => screen.getByLabelText(m('deposit.amount')) as HTMLInputElement;
const channelPassword = () => screen.getByLabelText(m('deposit.channelPassword')) as HTMLInputElement;

beforeAll(() => loadTranslations('money'));
beforeEach(() => setDepositDraft(null));
resetBetweenTests();

describe('the deposit form (amount, channel, channel password)', () => {
  it('shows placeholders while the channels load, then the open channel chosen', async () => {
    const s = server();
    const release = s.hold('/common/recharge_channel');
    const { container } = openForm();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    release();
    expect(await screen.findByText('銀行振込')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('says the channels failed to load, and loads them again on retry', async () => {
    const s = server();
    s.on('/common/recharge_channel', httpStatus(500));
    openForm();
    expect((await screen.findByRole('alert')).textContent).toContain(
      translate('states.error', undefined, 'shell'),
    );
    s.on('/common/recharge_channel', ok([channel]));
    fireEvent.click(screen.getByRole('button', { name: translate('actions.retry') }));
    expect(await screen.findByText('銀行振込')).toBeTruthy();
  });

  it('shows a refused channel password translated and stays on the form', async () => {
    const s = server();
    s.on('/user/ischongzhi', refusal('deposit.wrongChannelPassword'));
    openForm();
    await screen.findByText('銀行振込');
    fireEvent.change(amount(), { target: { value: '50000' } });
    fireEvent.change(channelPassword(), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('deposit-next'));
    expect(await toastText()).toBe(MESSAGES['deposit.wrongChannelPassword'].jp);
    expect(screen.queryByTestId('route:/mine/deposit')).toBeNull();
    expect(getDepositDraft()).toBeNull();
  });

  it('reads ５０，０００ as 50000, pre-checks it and moves on to the transfer', async () => {
    const s = server();
    s.on('/user/ischongzhi', ok({ money: '50000', type: 'jpy', min: '10000', max: '10000000' }));
    openForm();
    await screen.findByText('銀行振込');
    fireEvent.change(amount(), { target: { value: '５０，０００' } });
    expect(amount().value).toBe('５０，０００');
    fireEvent.change(channelPassword(), { target: { value: 'kabuto' } });
    fireEvent.click(screen.getByTestId('deposit-next'));
    expect(await screen.findByTestId('route:/mine/deposit')).toBeTruthy();
    expect(s.calls('/user/ischongzhi')[0].body).toEqual({
      money: '50000',
      type: 'jpy',
      rpassword: 'kabuto',
      channel: '3',
    });
    expect(getDepositDraft()?.amount).toBe('50000');
  });

  it('refuses an amount below the channel’s minimum before asking the server', async () => {
    const s = server();
    openForm();
    await screen.findByText('銀行振込');
    fireEvent.change(amount(), { target: { value: '5000' } });
    fireEvent.change(channelPassword(), { target: { value: 'kabuto' } });
    fireEvent.click(screen.getByTestId('deposit-next'));
    expect(await toastText()).toContain('10,000');
    expect(s.calls('/user/ischongzhi')).toHaveLength(0);
  });
});

describe('the deposit’s transfer step (proof, submit)', () => {
  const draft = () => setDepositDraft({ amount: '50000', type: 'jpy', channel, channelPassword: 'kabuto' });
  const openTransfer = () =>
    renderScreen(<DepositPage />, {
      url: '/mine/deposit',
      routes: ['/mine/stored', '/mine/transactionRecords'],
    });
  const attachProof = () => {
    const input = screen.getByTestId('deposit-proof').querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'proof.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
  };

  it('goes back to the form without a prepared deposit', async () => {
    server();
    openTransfer();
    expect(await screen.findByTestId('route:/mine/stored')).toBeTruthy();
  });

  it('asks for the proof first, shows the upload in progress, then files the deposit', async () => {
    const s = server();
    s.on('/common/upload1', ok('uploads/proof.jpg'));
    s.on('/user/chongzhi', ok(null, 'ok.depositSubmitted'));
    draft();
    openTransfer();
    expect((await screen.findByTestId('deposit-amount')).textContent).toContain('50,000');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await toastText()).toBe(MESSAGES['deposit.proofRequired'].jp);
    const release = s.hold('/common/upload1');
    attachProof();
    await waitFor(() => expect(screen.getByTestId('deposit-proof').dataset.state).toBe('uploading'));
    release();
    await waitFor(() => expect(screen.getByTestId('deposit-proof').dataset.state).toBe('done'));
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByTestId('route:/mine/transactionRecords')).toBeTruthy();
    expect(await toastText()).toBe(MESSAGES['ok.depositSubmitted'].jp);
    expect(s.calls('/user/chongzhi')[0].body).toEqual({
      money: '50000',
      type: 'jpy',
      rjpz: 'uploads/proof.jpg',
      channel: '3',
      rpassword: 'kabuto',
    });
    expect(getDepositDraft()).toBeNull();
  });

  it('shows a refusal of the deposit translated, keeping the prepared deposit', async () => {
    const s = server();
    s.on('/common/upload1', ok('uploads/proof.jpg'));
    s.on('/user/chongzhi', refusal('deposit.pending'));
    draft();
    openTransfer();
    await screen.findByTestId('deposit-amount');
    attachProof();
    await waitFor(() => expect(screen.getByTestId('deposit-proof').dataset.state).toBe('done'));
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await toastText()).toBe(MESSAGES['deposit.pending'].jp);
    expect(getDepositDraft()?.amount).toBe('50000');
  });
});
