import '../mine.css';
import { type FormEvent, useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showMsg, showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useChangePassword } from '../api/use-change-password.ts';
import { checkLoginPasswordChange, type PasswordChange } from '../validation.ts';

/** `/mine/loginPassword`: change the login password. */
export function LoginPasswordPage() {
  const { t } = useTranslator('mine');
  const goBack = useGoBack('/mine/menu');
  const change = useChangePassword();
  const [form, setForm] = useState<PasswordChange>({ old: '', next: '', repeat: '' });
  const set = (key: keyof PasswordChange) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (change.isPending) return;
    const problem = checkLoginPasswordChange(form);
    if (problem) return showMsg(problem.msg, problem.params);
    change.mutate(form, {
      onSuccess: ({ code }) => {
        showMsgAcrossNavigation(code ?? 'ok.changed');
        goBack();
      },
    });
  };

  return (
    <>
      <PageHeader title={t('loginPassword.title')} />
      <p className="k-note">
        <Icon name="info" size={16} />
        {t('loginPassword.note')}
      </p>
      <form className="k-card k-form-card" onSubmit={submit} noValidate>
        <div className="k-form">
          <TextField
            label={t('loginPassword.old')}
            icon="lock"
            value={form.old}
            onChange={set('old')}
            placeholder={t('loginPassword.oldPlaceholder')}
            autoComplete="current-password"
            name="old_pass"
            secret
          />
          <TextField
            label={t('loginPassword.new')}
            icon="key"
            value={form.next}
            onChange={set('next')}
            placeholder={t('loginPassword.newPlaceholder')}
            hint={t('loginPassword.rule')}
            autoComplete="new-password"
            maxLength={32}
            name="new_pass"
            secret
          />
          <TextField
            label={t('loginPassword.repeat')}
            icon="key"
            value={form.repeat}
            onChange={set('repeat')}
            placeholder={t('loginPassword.repeatPlaceholder')}
            autoComplete="new-password"
            maxLength={32}
            name="new_passs"
            secret
          />
        </div>
        <div className="k-form-actions">
          <button type="submit" className="k-btn k-btn-primary k-btn-block" disabled={change.isPending}>
            {change.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
            {t('common:actions.confirm')}
          </button>
        </div>
      </form>
    </>
  );
}
