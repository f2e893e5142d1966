import '../security.css';
import { useEffect, useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { showMsg, translateMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useRevokeSession, useSessions } from '../api/security.ts';

/** The place of a session, translated from its msg key (location.loopback, location.local, …). */
function Place({ msg }: { msg: string }) {
  const [text, setText] = useState('');
  useEffect(() => {
    let live = true;
    void translateMsg(msg).then((s) => live && setText(s));
    return () => {
      live = false;
    };
  }, [msg]);
  return <>{text}</>;
}

/** `/mine/devices`: where this account is signed in, each with "sign out this device". */
export function DevicesPage() {
  const { t } = useTranslator('security');
  const sessions = useSessions();
  const revoke = useRevokeSession();

  return (
    <>
      <PageHeader title={t('devices.title')} />
      {sessions.isPending ? (
        <ListSkeleton rows={3} lines={2} />
      ) : sessions.isError ? (
        <ErrorState onRetry={() => void sessions.refetch()} />
      ) : (
        <div className="k-body k-security">
          <p className="k-security-note">{t('devices.note')}</p>
          <ul className="k-card k-security-list k-security-devices-list" data-testid="device-list">
            {sessions.data.map((s) => (
              <li key={s.id} data-testid="device-row" data-current={s.current ? '1' : '0'}>
                <div>
                  <b>{s.device || t('devices.unknown')}</b>
                  <small>
                    <Place msg={s.location} />
                    {s.ip ? ` (${s.ip})` : ''}
                  </small>
                  <small>
                    {t('devices.signedIn', { time: formatDateTime(s.create_time) })} ·{' '}
                    {t('devices.lastSeen', { time: formatDateTime(s.last_seen) })}
                  </small>
                </div>
                {s.current ? (
                  <span className="k-security-this">{t('devices.this')}</span>
                ) : (
                  <button
                    type="button"
                    className="k-btn k-security-small"
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(s.id, { onSuccess: ({ code }) => showMsg(code ?? 'ok.signedOutDevice') })
                    }
                    data-testid="device-signout"
                  >
                    {t('devices.signOut')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
