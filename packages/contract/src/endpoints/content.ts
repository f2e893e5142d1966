import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, id, lang, positiveInt } from '../fields.ts';

const tag = 'content';

export const config = endpoint({
  path: '/common/config',
  auth: false,
  tag,
  summary:
    'Public configuration as [{name, value}]; with type=all also the start-up settings (title, logo, kefu, limits…).',
  body: body({ type: z.enum(['all'], { error: 'validation.invalid' }).optional() }),
  data: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const WENBEN_NAMES = ['protocol', 'privacy', 'about'] as const;
export const wenben = endpoint({
  path: '/common/wenben',
  auth: false,
  tag,
  summary: 'An agreement page as HTML: protocol (user agreement), privacy, about.',
  body: body({ name: z.enum(WENBEN_NAMES, { error: 'validation.invalid' }), lang: lang() }),
  data: z.object({ name: z.string(), title: z.string(), content: z.string() }),
});

const newsItem = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  create_time: z.number(),
});

export const newss = endpoint({
  path: '/common/newss',
  auth: false,
  tag,
  summary: 'News list, newest first, in the requested language.',
  body: body({
    lang: lang(),
    page: positiveInt(4).optional(),
  }),
  data: z.object({ list: z.array(newsItem), total: z.number() }),
});

export const newsinfo = endpoint({
  path: '/common/newsinfo',
  auth: false,
  tag,
  summary: 'One news article.',
  body: body({ id: id(), lang: lang() }),
  data: newsItem.extend({ content: z.string() }),
});

export const health = { path: '/healthz' } as const;
