// @vitest-environment happy-dom
import { MESSAGES } from '@kabuto/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { KycPage } from './kyc-page.tsx';

const m = (key: string) => translate(key, undefined, 'money');

const unverified = userInfoWire({ is_true: 0, realname: '', id_card: '' });
const underReview = userInfoWire({ is_true: 3, realname: '田中 太郎', id_card: 'AB12****' });

/** A server where each photo uploads to its own path. */
function server() {
  let n = 0;
  return fakeServer({
    '/user/getUserinfo': ok(unverified),
    '/common/upload1': () => ok(`uploads/id-${++n}.jpg`),
  });
}

const open = () => renderScreen(<KycPage />, { url: '/mine/verified' });

async function fillForm() {
  await screen.findByTestId('kyc-form');
  fireEvent.change(screen.getByLabelText(m('kyc.name')), { target: { value: '田中 太郎' } });
  fireEvent.change(screen.getByLabelText(m('kyc.idNumber')), { target: { value: 'AB1234567' } });
  for (const side of ['kyc-front', 'kyc-back']) {
    const input = screen.getByTestId(side).querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], `${side}.jpg`, { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId(side).dataset.state).toBe('done'));
  }
  fireEvent.click(screen.getByRole('checkbox'));
}

beforeAll(() => loadTranslations('money'));
resetBetweenTests();

describe('the identity verification form', () => {
  it('shows placeholders while the user loads, then the form', async () => {
    const s = server();
    const release = s.hold('/user/getUserinfo');
    const { container } = open();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    release();
    expect(await screen.findByTestId('kyc-form')).toBeTruthy();
  });

  it('says the user failed to load, and loads again on retry', async () => {
    const s = server();
    s.on('/user/getUserinfo', httpStatus(503));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain(
      translate('states.error', undefined, 'shell'),
    );
    s.on('/user/getUserinfo', ok(unverified));
    fireEvent.click(screen.getByRole('button', { name: translate('actions.retry') }));
    expect(await screen.findByTestId('kyc-form')).toBeTruthy();
  });

  it('refuses a full-width ID number before sending', async () => {
    const s = server();
    open();
    await fillForm();
    fireEvent.change(screen.getByLabelText(m('kyc.idNumber')), { target: { value: 'ＡＢ１２３４５６７' } });
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await toastText()).toContain('半角');
    expect(s.calls('/user/shiming')).toHaveLength(0);
  });

  it('shows the server’s refusal translated and keeps what was filled in', async () => {
    const s = server();
    s.on('/user/shiming', refusal('kyc.pending'));
    open();
    await fillForm();
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await toastText()).toBe(MESSAGES['kyc.pending'].jp);
    expect((screen.getByLabelText(m('kyc.idNumber')) as HTMLInputElement).value).toBe('AB1234567');
    expect(screen.getByTestId('kyc-form')).toBeTruthy();
  });

  it('submits name, number and both photos, then shows the review state', async () => {
    const s = server();
    s.on('/user/shiming', () => {
      s.on('/user/getUserinfo', ok(underReview));
      return ok(null, 'ok.submitted');
    });
    open();
    await fillForm();
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await toastText()).toBe(MESSAGES['ok.submitted'].jp);
    const state = await screen.findByTestId('kyc-state');
    expect(state.dataset.status).toBe('3');
    expect(state.textContent).toContain(m('kyc.state3.title'));
    expect(s.calls('/user/shiming')[0].body).toEqual({
      realname: '田中 太郎',
      id_card: 'AB1234567',
      frontcard: 'uploads/id-1.jpg',
      backcard: 'uploads/id-2.jpg',
      privacy: '1',
    });
  });
});
