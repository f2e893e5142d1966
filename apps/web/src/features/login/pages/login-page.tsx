import '../login.css';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { TextField } from '../../../components/text-field.tsx';
import { showMsg, showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { startSession } from '../../../lib/session.ts';
import { readItem, STORAGE_KEYS } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { login } from '../api/login.ts';
import { passkeySignIn, totpSignIn } from '../api/second-factor.ts';
import { AuthFrame } from '../components/auth-frame.tsx';

type SignedIn = { token?: string; account: string; enrol_required?: boolean };
type SecondStep = { ticket: string; methods: ('passkey' | 'totp')[] };

/** Where signing in leads: the page that sent the user here (an app route), else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/[a-zA-Z]/.test(from) && !from.startsWith('/login/')
    ? from
    : '/home/index';
}

/**
 * `/login/login`: account and password → token; then the page that sent the user here, else home. With a passkey or an authenticator app
 * enrolled, the password gives a ticket and a second step asks for one of them. A passkey alone also
 * signs in (passwordless).
 */
export function LoginPage() {
  const { t } = useTranslator('login');
  const navigate = useNavigate();
  const location = useLocation();
  const prefill =
    (location.state as { account?: string } | null)?.account ?? readItem(STORAGE_KEYS.account) ?? '';
  const [account, setAccount] = useState(prefill);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [second, setSecond] = useState<SecondStep | null>(null);
  const [code, setCode] = useState('');

  const finish = (data: SignedIn, key?: string) => {
    if (!data.token) return;
    startSession(data.token, data.account);
    showMsgAcrossNavigation(key ?? 'ok.loggedIn');
    navigate(data.enrol_required ? '/mine/security' : returnPath(location.state), { replace: true });
  };

  /** Runs one sign-in step; a refusal was already shown by the api client. */
  const attempt = async (step: () => Promise<{ data: SignedIn & Partial<SecondStep>; code?: string }>) => {
    if (busy) return;
    setBusy(true);
    try {
      const { data, code: key } = await step();
      if (data.ticket && data.methods) {
        setSecond({ ticket: data.ticket, methods: data.methods });
        setBusy(false);
        return;
      }
      finish(data, key);
    } catch {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const name = account.trim();
    if (!name) return showMsg('validation.required', { field: 'account' });
    if (!password) return showMsg('validation.required', { field: 'password' });
    await attempt(() => login({ account: name, password }));
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!second) return;
    const value = code.trim();
    if (!value) return showMsg('validation.required', { field: 'code' });
    await attempt(() => totpSignIn(second.ticket, value));
  };

  if (second) {
    return (
      <AuthFrame subtitle={t('login.subtitle')}>
        <form onSubmit={submitCode} noValidate data-testid="second-factor">
          <h2 className="k-auth-title">{t('second.title')}</h2>
          <p className="k-auth-note">{t('second.hint')}</p>
          {second.methods.includes('passkey') && (
            <button
              type="button"
              className="k-btn k-btn-primary k-btn-block k-auth-submit"
              disabled={busy}
              onClick={() => attempt(() => passkeySignIn(second.ticket))}
              data-testid="second-passkey"
            >
              {t('second.usePasskey')}
            </button>
          )}
          {second.methods.includes('totp') && (
            <>
              <div className="k-auth-fields">
                <TextField
                  label={t('second.code')}
                  icon="key"
                  value={code}
                  onChange={setCode}
                  placeholder={t('second.codePlaceholder')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  name="code"
                />
              </div>
              <button
                type="submit"
                className="k-btn k-btn-primary k-btn-block k-auth-submit"
                disabled={busy}
                data-testid="second-code-submit"
              >
                {t('second.confirm')}
              </button>
            </>
          )}
          <p className="k-auth-alt">
            <button
              type="button"
              className="k-link-button"
              onClick={() => {
                setSecond(null);
                setCode('');
              }}
            >
              {t('second.back')}
            </button>
          </p>
        </form>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <h2 className="k-auth-title">{t('login.title')}</h2>
        <div className="k-auth-fields">
          <TextField
            label={t('fields.account')}
            icon="user"
            value={account}
            onChange={setAccount}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
            name="account"
          />
          <TextField
            label={t('fields.password')}
            icon="lock"
            value={password}
            onChange={setPassword}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            name="password"
            secret
          />
        </div>
        <button type="submit" className="k-btn k-btn-primary k-btn-block k-auth-submit" disabled={busy}>
          {busy ? <span className="k-spinner is-small" aria-hidden="true" /> : null}
          {t('login.submit')}
        </button>
        <button
          type="button"
          className="k-btn k-btn-block k-auth-passkey"
          disabled={busy}
          onClick={() => attempt(() => passkeySignIn())}
          data-testid="passkey-login"
        >
          {t('login.withPasskey')}
        </button>
        <p className="k-auth-alt">
          <Link to="/login/forgot" data-testid="forgot-link">
            {t('forgot.link')}
          </Link>
        </p>
        <p className="k-auth-alt">
          {t('login.noAccount')} <Link to="/login/register">{t('login.toRegister')}</Link>
        </p>
      </form>
    </AuthFrame>
  );
}
