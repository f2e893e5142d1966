import '../login.css';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../../components/text-field.tsx';
import { showMsg, showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { useStartupConfig } from '../../../lib/startup-config.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { register } from '../api/register.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import { clearRegisterDraft, readRegisterDraft, saveRegisterDraft } from '../register-draft.ts';
import { checkRegister, type RegisterForm } from '../validation.ts';

/** `/login/register`: account, password twice, invite code, accepted terms. */
export function RegisterPage() {
  const { t } = useTranslator('login');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const mobileMode = useStartupConfig().register_mode === 'mobile';
  // what was filled in before leaving (the terms, say) comes back; an invitation link's code wins
  const [form, setForm] = useState<RegisterForm>(() => {
    const draft = readRegisterDraft();
    return {
      account: draft.account ?? '',
      password: '',
      repeat: '',
      inviter: search.get('inviter') ?? search.get('code') ?? draft.inviter ?? '',
      email: '',
      terms: draft.terms ?? false,
    };
  });
  useEffect(() => {
    saveRegisterDraft({ account: form.account, inviter: form.inviter, terms: form.terms });
  }, [form.account, form.inviter, form.terms]);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof RegisterForm>(key: K) =>
    (value: RegisterForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const trimmed = { ...form, account: form.account.trim(), inviter: form.inviter.trim() };
    const problem = checkRegister(trimmed, mobileMode);
    if (problem) return showMsg(problem.msg, problem.params);
    setBusy(true);
    try {
      const { data, code } = await register({
        account: trimmed.account,
        password: trimmed.password,
        repeat: trimmed.repeat,
        inviter: trimmed.inviter,
        email: form.email.trim(),
      });
      clearRegisterDraft();
      showMsgAcrossNavigation(code ?? 'ok.registered');
      navigate('/login/login', { replace: true, state: { account: data.account } });
    } catch {
      setBusy(false);
    }
  };

  return (
    <AuthFrame subtitle={t('register.subtitle')}>
      <form onSubmit={submit} noValidate>
        <h2 className="k-auth-title">{t('register.title')}</h2>
        <div className="k-auth-fields">
          <TextField
            label={t(mobileMode ? 'fields.mobile' : 'fields.account')}
            icon="user"
            value={form.account}
            onChange={set('account')}
            placeholder={t(mobileMode ? 'register.mobilePlaceholder' : 'register.accountPlaceholder')}
            hint={t(mobileMode ? 'register.mobileHint' : 'register.accountHint')}
            inputMode={mobileMode ? 'numeric' : 'text'}
            autoComplete="username"
            maxLength={mobileMode ? 10 : 20}
            name="account"
          />
          <TextField
            label={t('fields.password')}
            icon="lock"
            value={form.password}
            onChange={set('password')}
            placeholder={t('register.passwordPlaceholder')}
            hint={t('register.passwordHint')}
            autoComplete="new-password"
            maxLength={32}
            name="pwd"
            secret
          />
          <TextField
            label={t('fields.passwordAgain')}
            icon="lock"
            value={form.repeat}
            onChange={set('repeat')}
            placeholder={t('register.passwordAgainPlaceholder')}
            autoComplete="new-password"
            maxLength={32}
            name="pwd1"
            secret
          />
          <TextField
            label={t('fields.inviteCode')}
            icon="key"
            value={form.inviter}
            onChange={set('inviter')}
            placeholder={t('register.invitePlaceholder')}
            autoComplete="off"
            maxLength={32}
            name="inviter"
          />
          <TextField
            label={t('fields.email')}
            icon="user"
            value={form.email}
            onChange={set('email')}
            placeholder={t('forgot.emailPlaceholder')}
            hint={t('register.emailHint')}
            autoComplete="email"
            inputMode="email"
            type="email"
            maxLength={254}
            name="email"
          />
        </div>
        <label className="k-terms">
          <input
            type="checkbox"
            checked={form.terms}
            onChange={(e) => set('terms')(e.target.checked)}
            name="terms"
          />
          <span className="k-check" aria-hidden="true" />
          <span>
            {t('terms.prefix')}
            <Link to="/mine/protocol">{t('terms.protocolQuoted')}</Link>
            {t('terms.and')}
            <Link to="/mine/privacy">{t('terms.privacyQuoted')}</Link>
            {t('terms.suffix')}
          </span>
        </label>
        <button type="submit" className="k-btn k-btn-primary k-btn-block k-auth-submit" disabled={busy}>
          {busy ? <span className="k-spinner is-small" aria-hidden="true" /> : null}
          {t('register.submit')}
        </button>
        <p className="k-auth-alt">
          {t('register.haveAccount')} <Link to="/login/login">{t('register.toLogin')}</Link>
        </p>
      </form>
    </AuthFrame>
  );
}
