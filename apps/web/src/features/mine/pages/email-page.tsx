import '../mine.css';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type MailNotices, useEmailSettings, useSetAddress, useSetNotices } from '../api/use-email.ts';

const KINDS = ['sign_in', 'withdrawal', 'margin_call', 'report'] as const;

/**
 * `/mine/email`: the email address (add or change it: a verification link is mailed to it) and which
 * notices come by mail. A verified address is also how a forgotten password is reset.
 */
export function EmailPage() {
  const { t } = useTranslator('mine');
  const settings = useEmailSettings();
  const setAddress = useSetAddress();
  const setNotices = useSetNotices();
  const [address, setAddressText] = useState('');
  const [notices, setNoticesState] = useState<MailNotices | null>(null);
  useEffect(() => {
    if (settings.data && !notices) setNoticesState(settings.data.notices);
  }, [settings.data, notices]);

  const sendLink = (e: FormEvent) => {
    e.preventDefault();
    if (setAddress.isPending) return;
    const value = address.trim() || settings.data?.pending || '';
    if (!value) return showMsg('validation.required', { field: 'email' });
    setAddress.mutate(value, {
      onSuccess: ({ code }) => {
        showMsg(code ?? 'ok.verifySent');
        setAddressText('');
      },
    });
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!notices || setNotices.isPending) return;
    setNotices.mutate(notices, { onSuccess: ({ code }) => showMsg(code ?? 'ok.saved') });
  };

  const data = settings.data;
  return (
    <>
      <PageHeader title={t('email.title')} />
      {settings.isPending ? (
        <ListSkeleton rows={3} lines={2} />
      ) : settings.isError || !data ? (
        <ErrorState onRetry={() => void settings.refetch()} />
      ) : !data.available ? (
        <p className="k-note" data-testid="email-unavailable">
          <Icon name="info" size={16} />
          {t('email.unavailable')}
        </p>
      ) : (
        <>
          <form className="k-card k-form-card" onSubmit={sendLink} noValidate data-testid="email-address">
            <div className="k-form">
              <p className="k-hint">
                {t('email.address')}:{' '}
                <strong data-testid="email-current">{data.email || t('email.none')}</strong>
                {data.email ? ` (${t('email.verified')})` : ''}
              </p>
              {data.pending && (
                <p className="k-hint" data-testid="email-pending">
                  {t('email.pending', { email: data.pending })}
                </p>
              )}
              <TextField
                label={t('email.newAddress')}
                icon="mail"
                value={address}
                onChange={setAddressText}
                placeholder={t('email.placeholder')}
                autoComplete="email"
                inputMode="email"
                type="email"
                name="email"
              />
              <p className="k-hint">{t('email.languageNote')}</p>
            </div>
            <div className="k-form-actions">
              <button
                type="submit"
                className="k-btn k-btn-primary k-btn-block"
                disabled={setAddress.isPending}
              >
                {setAddress.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
                {data.pending && !address.trim() ? t('email.resend') : t('email.send')}
              </button>
            </div>
          </form>
          <form className="k-card k-form-card" onSubmit={save} noValidate data-testid="email-notices">
            <div className="k-form">
              <p className="k-hint">
                <strong>{t('email.notices')}</strong> — {t('email.noticesHint')}
              </p>
              <ul className="k-choice-list" aria-label={t('email.notices')}>
                {KINDS.map((kind) => (
                  <li key={kind}>
                    <label className="k-choice">
                      <span className="k-choice-label">
                        <span>{t(`email.${kind}`)}</span>
                      </span>
                      <input
                        type="checkbox"
                        name={kind}
                        style={{ width: 24, height: 24 }}
                        checked={notices?.[kind] ?? true}
                        onChange={(e) =>
                          setNoticesState((n) => ({ ...(n ?? data.notices), [kind]: e.target.checked }))
                        }
                      />
                    </label>
                  </li>
                ))}
              </ul>
            </div>
            <div className="k-form-actions">
              <button
                type="submit"
                className="k-btn k-btn-primary k-btn-block"
                disabled={setNotices.isPending}
              >
                {t('email.save')}
              </button>
            </div>
          </form>
        </>
      )}
    </>
  );
}
