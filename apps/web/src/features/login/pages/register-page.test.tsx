// @vitest-environment happy-dom
import { MESSAGES } from '@kabuto/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n.ts';
import {
  fakeServer,
  loadTranslations,
  ok,
  refusal,
  renderScreen,
  resetBetweenTests,
  toastText,
} from '../../../testing/screen.tsx';
import { RegisterPage } from './register-page.tsx';

const l = (key: string) => translate(key, undefined, 'login');
const field = (key: string) => screen.getByLabelText(l(key)) as HTMLInputElement;
const terms = () => screen.getByRole('checkbox') as HTMLInputElement;

const open = (url = '/login/register') =>
  renderScreen(<RegisterPage />, {
    url,
    path: '/login/register',
    routes: ['/mine/protocol', '/login/login'],
  });

function fillIn() {
  fireEvent.change(field('fields.account'), { target: { value: 'tanaka01' } });
  fireEvent.change(field('fields.password'), { target: { value: 'secret-pass-1' } });
  fireEvent.change(field('fields.passwordAgain'), { target: { value: 'secret-pass-1' } });
  fireEvent.change(field('fields.inviteCode'), { target: { value: 'ABCD12' } });
  fireEvent.click(terms());
}

beforeAll(() => loadTranslations('login'));
resetBetweenTests();

describe('registration', () => {
  it('keeps what was filled in after reading the terms and coming back, but not the password', async () => {
    fakeServer();
    const { router } = open();
    await screen.findByTestId('auth-screen');
    fillIn();
    // the terms link of the frame's footer (the one inside the consent's label is the same address)
    fireEvent.click(screen.getByRole('link', { name: l('terms.protocol') }));
    expect(await screen.findByTestId('route:/mine/protocol')).toBeTruthy();
    expect(screen.queryByTestId('auth-screen')).toBeNull();
    await router.navigate(-1);
    await screen.findByTestId('auth-screen');
    expect(field('fields.account').value).toBe('tanaka01');
    expect(field('fields.inviteCode').value).toBe('ABCD12');
    expect(terms().checked).toBe(true);
    expect(field('fields.password').value).toBe('');
    expect(field('fields.passwordAgain').value).toBe('');
    expect(sessionStorage.getItem('registerDraft')).not.toContain('secret');
  });

  it('takes an invitation link’s code over the one kept', async () => {
    fakeServer();
    open();
    await screen.findByTestId('auth-screen');
    fireEvent.change(field('fields.inviteCode'), { target: { value: 'OLD001' } });
    fireEvent.change(field('fields.account'), { target: { value: 'sato22' } });
    cleanup();
    open('/login/register?inviter=NEW002');
    await screen.findByTestId('auth-screen');
    expect(field('fields.inviteCode').value).toBe('NEW002');
    expect(field('fields.account').value).toBe('sato22');
  });

  it('shows a refusal translated and keeps the form', async () => {
    const s = fakeServer({ '/user/register': refusal('account.inviterNotFound') });
    open();
    await screen.findByTestId('auth-screen');
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: l('register.submit') }));
    expect(await toastText()).toBe(MESSAGES['account.inviterNotFound'].jp);
    expect(field('fields.account').value).toBe('tanaka01');
    expect(s.calls('/user/register')).toHaveLength(1);
  });

  it('forgets the draft once the account is created', async () => {
    const s = fakeServer({ '/user/register': ok({ account: 'tanaka01' }, 'ok.registered') });
    open();
    await screen.findByTestId('auth-screen');
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: l('register.submit') }));
    expect(await screen.findByTestId('route:/login/login')).toBeTruthy();
    expect(await toastText()).toBe(MESSAGES['ok.registered'].jp);
    expect(s.calls('/user/register')[0].body).toEqual({
      account: 'tanaka01',
      pwd: 'secret-pass-1',
      pwd1: 'secret-pass-1',
      inviter: 'ABCD12',
      // the language mails will be written in, should an address be added
      lang: 'jp',
    });
    expect(sessionStorage.getItem('registerDraft')).toBeNull();
  });
});
