import '../login.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { TextField } from '../../../components/text-field.tsx';
import { showMsg, showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { startSession } from '../../../lib/session.ts';
import { readItem, STORAGE_KEYS } from '../../../lib/storage.ts';
import { login } from '../api/login.ts';
import { AuthFrame } from '../components/auth-frame.tsx';

/** `/login/login`: account and password → token; then home. */
export function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const location = useLocation();
  const prefill =
    (location.state as { account?: string } | null)?.account ?? readItem(STORAGE_KEYS.account) ?? '';
  const [account, setAccount] = useState(prefill);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const name = account.trim();
    if (!name) return showMsg('validation.required', { field: 'account' });
    if (!password) return showMsg('validation.required', { field: 'password' });
    setBusy(true);
    try {
      const { data, msg } = await login({ account: name, password });
      startSession(data.token, data.account);
      showMsgAcrossNavigation(msg ?? 'ok.loggedIn');
      navigate('/home/index', { replace: true });
    } catch {
      setBusy(false); // the refusal was shown by the api client
    }
  };

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
        <p className="k-auth-alt">
          {t('login.noAccount')} <Link to="/login/register">{t('login.toRegister')}</Link>
        </p>
      </form>
    </AuthFrame>
  );
}
