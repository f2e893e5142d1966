import '../login.css';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../../components/text-field.tsx';
import { showMsg, showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { resetPassword } from '../api/password-reset.ts';
import { AuthFrame } from '../components/auth-frame.tsx';

/** `/login/reset?token=…`: the mailed link's screen: a new password twice, then sign in with it. */
export function ResetPage() {
  const { t } = useTranslator('recovery');
  const { t: tLogin } = useTranslator('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) return showMsg('validation.required', { field: 'password' });
    if (password !== repeat) return showMsg('account.passwordMismatch');
    setBusy(true);
    try {
      const { code } = await resetPassword(token, password, repeat);
      showMsgAcrossNavigation(code ?? 'ok.passwordReset');
      navigate('/login/login', { replace: true });
    } catch {
      setBusy(false);
    }
  };

  return (
    <AuthFrame subtitle={tLogin('login.subtitle')}>
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <h2 className="k-auth-title">{t('reset.title')}</h2>
        {token ? (
          <>
            <p className="k-auth-note">{t('reset.hint')}</p>
            <div className="k-auth-fields">
              <TextField
                label={t('reset.password')}
                icon="lock"
                value={password}
                onChange={setPassword}
                placeholder={tLogin('register.passwordPlaceholder')}
                hint={tLogin('register.passwordHint')}
                autoComplete="new-password"
                name="new_pass"
                secret
              />
              <TextField
                label={t('reset.passwordAgain')}
                icon="lock"
                value={repeat}
                onChange={setRepeat}
                placeholder={tLogin('register.passwordAgainPlaceholder')}
                autoComplete="new-password"
                name="new_passs"
                secret
              />
            </div>
            <button type="submit" className="k-btn k-btn-primary k-btn-block k-auth-submit" disabled={busy}>
              {busy ? <span className="k-spinner is-small" aria-hidden="true" /> : null}
              {t('reset.submit')}
            </button>
          </>
        ) : (
          <p className="k-auth-note">{t('reset.missing')}</p>
        )}
        <p className="k-auth-alt">
          <Link to="/login/login">{t('forgot.back')}</Link>
        </p>
      </form>
    </AuthFrame>
  );
}
