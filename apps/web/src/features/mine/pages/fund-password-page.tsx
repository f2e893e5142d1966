import '../mine.css';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { showMsg, showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useChangeFundPassword } from '../api/use-change-fund-password.ts';
import { useSetFundPassword } from '../api/use-set-fund-password.ts';
import { checkFundPassword, type PasswordChange } from '../validation.ts';

const digitsOnly = (v: string) => v.replace(/\D/g, '').slice(0, 6);

/** `/mine/fundPassword`: set the 6-digit fund password the first time, change it afterwards. */
export function FundPasswordPage() {
  const { t } = useTranslator('mine');
  const goBack = useGoBack('/mine/menu');
  const user = useUserInfo();
  const setFirst = useSetFundPassword();
  const change = useChangeFundPassword();
  const [form, setForm] = useState<PasswordChange>({ old: '', next: '', repeat: '' });
  const set = (key: keyof PasswordChange) => (value: string) =>
    setForm((f) => ({ ...f, [key]: digitsOnly(value) }));
  const hasOld = Boolean(user.data?.hasFundPassword);
  const busy = setFirst.isPending || change.isPending;

  const done = ({ code }: { code?: string }) => {
    showMsgAcrossNavigation(code ?? 'ok.changed');
    goBack();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = checkFundPassword(form, hasOld);
    if (problem) return showMsg(problem.msg, problem.params);
    if (hasOld) {
      change.mutate(form, { onSuccess: done });
    } else {
      setFirst.mutate({ next: form.next, repeat: form.repeat }, { onSuccess: done });
    }
  };

  const title = user.data
    ? t(hasOld ? 'fundPassword.changeTitle' : 'fundPassword.setTitle')
    : t('fundPassword.title');
  const digits = { inputMode: 'numeric' as const, pattern: '[0-9]*', maxLength: 6 };

  return (
    <>
      <PageHeader title={title} />
      {user.isPending ? (
        <ListSkeleton rows={3} lines={2} />
      ) : user.isError ? (
        <ErrorState onRetry={() => void user.refetch()} />
      ) : (
        <>
          <p className="k-note">
            <Icon name="info" size={16} />
            {t(hasOld ? 'fundPassword.changeNote' : 'fundPassword.setNote')}
          </p>
          <form className="k-card k-form-card" onSubmit={submit} noValidate>
            <div className="k-form">
              {hasOld && (
                <TextField
                  label={t('fundPassword.old')}
                  icon="lock"
                  value={form.old}
                  onChange={set('old')}
                  placeholder={t('fundPassword.oldPlaceholder')}
                  autoComplete="off"
                  name="old_pass"
                  secret
                  {...digits}
                />
              )}
              <TextField
                label={t('fundPassword.new')}
                icon="key"
                value={form.next}
                onChange={set('next')}
                placeholder={t('fundPassword.newPlaceholder')}
                hint={t('fundPassword.rule')}
                autoComplete="off"
                name="new_pass"
                secret
                {...digits}
              />
              <TextField
                label={t('fundPassword.repeat')}
                icon="key"
                value={form.repeat}
                onChange={set('repeat')}
                placeholder={t('fundPassword.repeatPlaceholder')}
                autoComplete="off"
                name="new_passs"
                secret
                {...digits}
              />
            </div>
            <div className="k-form-actions">
              <button type="submit" className="k-btn k-btn-primary k-btn-block" disabled={busy}>
                {busy && <span className="k-spinner is-small" aria-hidden="true" />}
                {t('common:actions.confirm')}
              </button>
            </div>
          </form>
        </>
      )}
    </>
  );
}
