import '../support.css';
import { SUPPORT_BODY_MAX, SUPPORT_BODY_MIN } from '@kabuto/contract';
import { type FormEvent, useId, useState } from 'react';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useSendSupport, useSupportInfo } from '../api/use-support.ts';

/**
 * `/mine/support`: the hours, a message to support (the answer arrives as a site message) and the
 * messages sent so far with their answers.
 */
export function SupportPage() {
  const { t } = useTranslator('money', { keyPrefix: 'support' });
  const { t: shell } = useTranslator('shell');
  const info = useSupportInfo();
  const send = useSendSupport();
  const [text, setText] = useState('');
  const fieldId = useId();
  const hintId = useId();
  const length = [...text.trim()].length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    if (length === 0) return showMsg('validation.required');
    if (length < SUPPORT_BODY_MIN) return showMsg('support.tooShort');
    if (length > SUPPORT_BODY_MAX) return showMsg('validation.tooLong');
    send.mutate(text.trim(), {
      onSuccess: ({ code }) => {
        showMsg(code ?? 'ok.supportSent');
        setText('');
      },
    });
  };

  const h = info.data?.hours;
  return (
    <>
      <PageHeader title={t('title')} back="/mine/menu" />
      <Refreshable onRefresh={() => info.refetch()}>
        <div className="k-body k-support">
          <section className="k-card k-card-pad" aria-label={t('hoursTitle')} data-testid="support-hours">
            <h2 className="k-card-title">
              <Icon name="headset" size={18} />
              {t('hoursTitle')}
            </h2>
            {h ? (
              <>
                <p className="k-support-hours">
                  {t(h.businessDaysOnly ? 'hoursBusinessDays' : 'hoursEveryDay', {
                    open: h.open,
                    close: h.close,
                  })}
                  <span className={`k-support-now${h.openNow ? ' is-open' : ''}`}>
                    {t(h.openNow ? 'openNow' : 'closedNow')}
                  </span>
                </p>
                <p className="k-hint">{t('hoursNote')}</p>
              </>
            ) : info.isError ? (
              <p className="k-hint">--</p>
            ) : (
              <p className="k-hint">{shell('states.loading')}</p>
            )}
          </section>

          <form className="k-card k-card-pad" onSubmit={submit} noValidate data-testid="support-form">
            <label className="k-label" htmlFor={fieldId}>
              {t('messageLabel')}
            </label>
            <textarea
              id={fieldId}
              className="k-support-text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={5}
              maxLength={SUPPORT_BODY_MAX}
              placeholder={t('messagePlaceholder')}
              aria-describedby={hintId}
              data-testid="support-text"
            />
            <p id={hintId} className="k-hint k-support-count">
              {t('messageHint')}
              <span>
                {length}/{SUPPORT_BODY_MAX}
              </span>
            </p>
            <button
              type="submit"
              className="k-btn k-btn-primary k-btn-block"
              disabled={send.isPending}
              data-testid="support-send"
            >
              {send.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
              {t('send')}
            </button>
          </form>

          <section className="k-card k-card-pad" aria-label={t('historyTitle')}>
            <h2 className="k-card-title">{t('historyTitle')}</h2>
            {info.isPending ? (
              <ListSkeleton rows={2} />
            ) : info.isError ? (
              <ErrorState onRetry={() => void info.refetch()} />
            ) : info.data.messages.length === 0 ? (
              <Empty text={t('empty')} />
            ) : (
              <ul className="k-support-list" data-testid="support-history">
                {info.data.messages.map((m) => (
                  <li key={m.id}>
                    <div className="k-support-row">
                      <time>{formatDateTime(m.sentAt)}</time>
                      <span className={`k-support-state${m.answered ? ' is-done' : ''}`}>
                        {t(m.answered ? 'answered' : 'waiting')}
                      </span>
                    </div>
                    <p className="k-support-body">{m.text}</p>
                    {m.answered && (
                      <div className="k-support-answer">
                        <small>
                          {t('answerFrom')}
                          {m.answeredAt !== null && ` · ${formatDateTime(m.answeredAt)}`}
                        </small>
                        <p>{m.answer}</p>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </Refreshable>
    </>
  );
}
