import { MARKETS } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, id, lang, paging } from '../fields.ts';

const tag = 'content';

export const config = endpoint({
  path: '/common/config',
  auth: false,
  tag,
  summary:
    'Public configuration as [{name, value}]; with type=all also the start-up settings (title, logo, kefu, limits…), market_modes (each market’s data mode, "jpy:delayed:20,usd:live:0,…") and simulated_prices ("1" while every market is simulated). With type=<market> (jpy, usd, cny, krw) that market’s trading config under the family’s names: ganggang ("1/2/3", the market’s leverage list within its legal cap), buytype (1: quantity in shares), gtype (0: fees on the notional), buycharge / sellcharge (fee rates as fractions of the notional, "0.0003"), minshouxu / minsellshouxu (minimum fees), stampduty, dgsg (default new-share application), srecharge / erecharge (deposit window, HH:MM JST), minrecharge / maxrecharge, rpassword ("1": a channel password is asked; "" when no channel of the wallet asks for one), swithdrawal / ewithdrawal (withdrawal window), minwithdrawal / maxwithdrawal, kefu, title, logo.',
  body: body({
    type: z
      .enum(['all', ...MARKETS], { error: 'validation.invalid' })
      .optional()
      .describe('all: start-up config; jpy | usd | cny | krw: that market’s trading config'),
  }),
  data: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const CONTENT_PAGE_NAMES = ['protocol', 'privacy', 'about'] as const;
/** The family's clients name the pages in Chinese. */
export const CONTENT_PAGE_ALIASES: Readonly<Record<string, (typeof CONTENT_PAGE_NAMES)[number]>> = {
  用户协议: 'protocol',
  隐私政策: 'privacy',
  关于我们: 'about',
};
export const page = endpoint({
  path: '/common/wenben',
  auth: false,
  tag,
  summary:
    "An agreement page as HTML: protocol (user agreement), privacy, about; also by the family's names 用户协议, 隐私政策, 关于我们.",
  body: body({
    name: z.preprocess(
      (v) => (typeof v === 'string' && Object.hasOwn(CONTENT_PAGE_ALIASES, v) ? CONTENT_PAGE_ALIASES[v] : v),
      z.enum(CONTENT_PAGE_NAMES, { error: 'validation.invalid' }),
    ),
    lang: lang(),
  }),
  data: z.object({ name: z.string(), title: z.string(), content: z.string() }),
});

const newsItem = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  create_time: z.number(),
  created: z.number().describe("the same time as create_time (the family's clients read this name)"),
  img: z.string().describe('the cover image path, "" when the article has none'),
});

export const news = endpoint({
  path: '/common/newss',
  auth: false,
  tag,
  summary: 'News list, newest first, in the requested language.',
  body: body({ lang: lang(), ...paging() }),
  data: z.object({
    list: z.array(newsItem),
    result: z.array(newsItem).describe("the same rows as list (the family's clients read this name)"),
    total: z.number(),
  }),
});

export const newsDetail = endpoint({
  path: '/common/newsinfo',
  auth: false,
  tag,
  summary: 'One news article.',
  body: body({ id: id(), lang: lang() }),
  data: newsItem.extend({ content: z.string() }),
});

export const health = { path: '/healthz' } as const;
