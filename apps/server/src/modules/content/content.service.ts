import { inLanguage, type Language } from '@kabuto/contract';
import type { Db } from '@kabuto/db';
import { toUnixSeconds } from '@kabuto/domain';
import { refuse } from '../../lib/errors.ts';

export async function listNews(db: Db, lang: Language, page: number, size: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('news')
      .select(['id', 'title', 'summary', 'source', 'published_at'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      title: inLanguage(r.title, lang),
      summary: inLanguage(r.summary, lang),
      source: r.source,
      publishedAt: toUnixSeconds(r.published_at.getTime()),
    })),
    total: Number(total.n),
  };
}

export async function getNews(db: Db, id: bigint, lang: Language) {
  const r = await db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return refuse('content.notFound');
  return {
    id: String(r.id),
    title: inLanguage(r.title, lang),
    summary: inLanguage(r.summary, lang),
    source: r.source,
    publishedAt: toUnixSeconds(r.published_at.getTime()),
    content: inLanguage(r.content, lang),
  };
}

export async function getPage(db: Db, name: string, lang: Language) {
  const r = await db.selectFrom('content_page').selectAll().where('name', '=', name).executeTakeFirst();
  if (!r) return refuse('content.notFound');
  return { name: r.name, title: inLanguage(r.title, lang), content: inLanguage(r.content, lang) };
}
