import '../mine.css';
import { useNavigate } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useNoticesScreen } from '../../../lib/api/use-notices.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';

/** `/mine/message`: site messages, unread ones marked. */
export function MessageListPage() {
  const { t } = useTranslator('mine');
  const navigate = useNavigate();
  const notices = useNoticesScreen();
  const list = notices.data ?? [];

  return (
    <>
      <PageHeader title={t('messages.title')} />
      {notices.isPending ? (
        <ListSkeleton rows={6} />
      ) : notices.isError && !list.length ? (
        <ErrorState onRetry={() => void notices.refetch()} />
      ) : (
        <Refreshable onRefresh={() => notices.refetch()}>
          {list.length === 0 ? (
            <Empty text={t('messages.empty')} />
          ) : (
            <ul className="k-msg-list">
              {list.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    className={`k-msg${m.read ? '' : ' is-unread'}`}
                    data-testid="message-item"
                    data-read={m.read}
                    onClick={() => navigate(`/mine/messageInfo?id=${m.id}`)}
                  >
                    <span className="k-msg-icon" aria-hidden="true">
                      <Icon name="mail" size={20} />
                    </span>
                    <span className="k-msg-text">
                      {!m.read && <span className="k-sr-only">{t('messages.unread')}</span>}
                      <span className="k-msg-title">{m.title}</span>
                      <time>{formatDateTime(m.create_time)}</time>
                    </span>
                    <Icon name="right" size={16} className="k-link-arrow" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Refreshable>
      )}
    </>
  );
}
