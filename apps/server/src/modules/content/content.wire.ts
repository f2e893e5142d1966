import type { accountApi, contentApi, DataOf } from '@kabuto/contract';
import type { getNews, listNews } from './content.service.ts';
import type { listNotices, readNotice } from './notice.service.ts';

/** News and site messages: the services' English names to the contract's (`create_time`). */

type NewsItem = Awaited<ReturnType<typeof listNews>>['list'][number];
type Notice = Awaited<ReturnType<typeof listNotices>>[number];

export const newsRow = (n: NewsItem): DataOf<typeof contentApi.news>['list'][number] => ({
  id: n.id,
  title: n.title,
  summary: n.summary,
  source: n.source,
  create_time: n.publishedAt,
  created: n.publishedAt,
  // articles have no cover image yet
  img: '',
});

export const newsReply = (n: Awaited<ReturnType<typeof getNews>>): DataOf<typeof contentApi.newsDetail> => ({
  ...newsRow(n),
  content: n.content,
});

export const noticeRow = (n: Notice): DataOf<typeof accountApi.notices>[number] => ({
  id: n.id,
  title: n.title,
  create_time: n.sentAt,
  read: n.read,
});

export const noticeReply = (
  n: Awaited<ReturnType<typeof readNotice>>,
): DataOf<typeof accountApi.noticeDetail> => ({
  id: n.id,
  title: n.title,
  content: n.content,
  create_time: n.sentAt,
  read: n.read,
});
