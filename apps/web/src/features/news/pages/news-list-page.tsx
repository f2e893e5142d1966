import '../news.css';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useNewsList } from '../api/use-news-list.ts';

/** `/news/index`: news list with pull to refresh and paging on scroll. */
export function NewsListPage() {
  const { t } = useTranslator('news');
  const navigate = useNavigate();
  const news = useNewsList();
  const items = news.data?.pages.flatMap((p) => p.list) ?? [];

  let body: ReactNode;
  if (news.isPending) body = <ListSkeleton rows={6} lines={3} />;
  else if (news.isError && !items.length) body = <ErrorState onRetry={() => void news.refetch()} />;
  else
    body = (
      <Refreshable onRefresh={() => news.refetch()}>
        {items.length === 0 ? (
          <Empty text={t('empty')} />
        ) : (
          <ul className="k-news-list">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="k-news-item"
                  onClick={() => navigate(`/news/info?id=${item.id}`)}
                  data-testid="news-item"
                >
                  <h3>{item.title}</h3>
                  {item.summary && <p>{item.summary}</p>}
                  <div className="k-news-meta">
                    {item.source && <span className="k-news-source">{item.source}</span>}
                    <time>{formatDateTime(item.create_time)}</time>
                  </div>
                </button>
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 && (
          <InfiniteScroll
            hasMore={Boolean(news.hasNextPage)}
            loadMore={async () => {
              const r = await news.fetchNextPage();
              if (r.isError) throw r.error;
            }}
          >
            {(hasMore, failed, retry) =>
              failed ? (
                <button type="button" className="k-btn k-btn-text" onClick={() => void retry()}>
                  {t('loadFailed')}
                </button>
              ) : hasMore ? (
                <span className="k-loading-more">{t('shell:states.loading')}</span>
              ) : (
                <span className="k-loading-more">{t('noMore')}</span>
              )
            }
          </InfiniteScroll>
        )}
      </Refreshable>
    );

  return (
    <>
      <PageHeader title={t('title')} back={false} />
      <div className="k-news">{body}</div>
    </>
  );
}
