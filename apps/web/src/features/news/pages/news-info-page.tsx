import '../news.css';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { HtmlContent } from '../../../components/html-content.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useNewsInfo } from '../api/use-news-info.ts';

/** `/news/info?id=…`: one article. */
export function NewsInfoPage() {
  const { t } = useTranslator('news');
  const [search] = useSearchParams();
  const id = search.get('id');
  const article = useNewsInfo(id);

  return (
    <>
      <PageHeader title={t('detailTitle')} back="/news/index" />
      {!id ? (
        <ErrorState text={t('notFound')} />
      ) : article.isPending ? (
        <ListSkeleton rows={1} lines={8} />
      ) : article.isError ? (
        <ErrorState onRetry={() => void article.refetch()} />
      ) : (
        <article className="k-news-article">
          <h1>{article.data.title}</h1>
          <div className="k-news-meta">
            {article.data.source && <span className="k-news-source">{article.data.source}</span>}
            <time>{formatDateTime(article.data.create_time)}</time>
          </div>
          <HtmlContent content={article.data.content} />
        </article>
      )}
    </>
  );
}
