import { useMemo } from 'react';
import { looksLikeHtml, sanitizeHtml } from '../lib/sanitize-html.ts';

/** Operator-written content: sanitised HTML, or plain text with its line breaks. */
export function HtmlContent({ content }: { content: string }) {
  const html = useMemo(() => (looksLikeHtml(content) ? sanitizeHtml(content) : null), [content]);
  if (html === null) return <div className="k-article is-text">{content}</div>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above (allow-list of tags and attributes)
  return <div className="k-article" dangerouslySetInnerHTML={{ __html: html }} />;
}
