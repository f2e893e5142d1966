import '../login.css';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/text-field.tsx';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { askForReset } from '../api/password-reset.ts';
import { AuthFrame } from '../components/auth-frame.tsx';

/**
 * `/login/forgot`: a verified email address → a reset link by mail. The answer is the same whether or
 * not the address has an account, so the screen says "check your mail" either way.
 */
export function ForgotPage() {
  const { t } = useTranslator('recovery');
  const { t: tLogin } = useTranslator('login');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = email.trim();
    if (!value) return showMsg('validation.required', { field: 'email' });
    setBusy(true);
    try {
      const { code } = await askForReset(value);
      showMsg(code ?? 'ok.resetSent');
      setSent(true);
    } catch {
      // the refusal was shown by the api client
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame subtitle={tLogin('login.subtitle')}>
      <form onSubmit={submit} noValidate data-testid="forgot-form">
        <h2 className="k-auth-title">{t('forgot.title')}</h2>
        <p className="k-auth-note">{t('forgot.hint')}</p>
        <div className="k-auth-fields">
          <TextField
            label={t('forgot.email')}
            icon="user"
            value={email}
            onChange={setEmail}
            placeholder={t('forgot.emailPlaceholder')}
            autoComplete="email"
            inputMode="email"
            type="email"
            name="email"
          />
        </div>
        {sent && (
          <p className="k-auth-note" role="status" data-testid="forgot-sent">
            {t('forgot.sent')}
          </p>
        )}
        <button type="submit" className="k-btn k-btn-primary k-btn-block k-auth-submit" disabled={busy}>
          {busy ? <span className="k-spinner is-small" aria-hidden="true" /> : null}
          {t('forgot.submit')}
        </button>
        <p className="k-auth-alt">
          <Link to="/login/login">{t('forgot.back')}</Link>
        </p>
      </form>
    </AuthFrame>
  );
}
