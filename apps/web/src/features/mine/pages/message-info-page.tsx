import '../mine.css';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { HtmlContent } from '../../../components/html-content.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useNoticeDetail } from '../api/use-notice-detail.ts';

/** `/mine/messageInfo?id=…`: one site message (opening it marks it read). */
export function MessageInfoPage() {
  const { t } = useTranslator('mine');
  const [search] = useSearchParams();
  const id = search.get('id');
  const message = useNoticeDetail(id);

  return (
    <>
      <PageHeader title={t('messages.detailTitle')} back="/mine/message" />
      {!id ? (
        <ErrorState text={t('messages.notFound')} />
      ) : message.isPending ? (
        <ListSkeleton rows={1} lines={6} />
      ) : message.isError ? (
        <ErrorState onRetry={() => void message.refetch()} />
      ) : (
        <article className="k-doc">
          <h1>{message.data.title}</h1>
          <time className="k-doc-time">{formatDateTime(message.data.create_time)}</time>
          <HtmlContent content={message.data.content} />
        </article>
      )}
    </>
  );
}
