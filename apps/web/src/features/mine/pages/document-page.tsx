import '../mine.css';
import { ErrorState } from '../../../components/error-state.tsx';
import { HtmlContent } from '../../../components/html-content.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type DocumentName, useContentPage } from '../api/use-content-page.ts';

/** An agreement page from `/common/wenben`. */
function DocumentPage({ name }: { name: DocumentName }) {
  const { t } = useTranslator('mine');
  const doc = useContentPage(name);
  return (
    <>
      <PageHeader title={doc.data?.title || t(`documents.${name}`)} />
      {doc.isPending ? (
        <ListSkeleton rows={1} lines={10} />
      ) : doc.isError ? (
        <ErrorState onRetry={() => void doc.refetch()} />
      ) : (
        <article className="k-doc">
          <HtmlContent content={doc.data.content} />
        </article>
      )}
    </>
  );
}

/** `/mine/about` */
export const AboutPage = () => <DocumentPage name="about" />;
/** `/mine/privacy` */
export const PrivacyPage = () => <DocumentPage name="privacy" />;
/** `/mine/protocol` (user agreement) */
export const ProtocolPage = () => <DocumentPage name="protocol" />;
