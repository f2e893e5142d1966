import type { ComponentType } from 'react';
import { homeOpeningCalls } from '../features/home/opening-calls.ts';
import { stockOpeningCalls } from '../features/quotes/opening-calls.ts';
import { registerPrefetch } from '../lib/prefetch.ts';
import { type LazyPage, lazyPage } from './lazy-page.ts';
import { OPENING_SCREENS } from './opening-screens.ts';

export interface ScreenRoute {
  path: string;
  Page: LazyPage;
  /** Logged-out users may open it too (any other screen sends them to login). */
  guest?: true;
  /** What the screen reads as it opens, when the app starts on it (`preloadOpeningScreen`). */
  opening?: OpeningReads;
}

export interface OpeningReads {
  /** Send the reads now, from the entry, while the screen's code is on its way. */
  send: (query: URLSearchParams) => void;
  /**
   * Once the code is here: put their replies into the query cache under the screen's own queries (which
   * take the replies in flight), so that the screen's first render has its data rather than rendering
   * its loading state and then, a task later, rendering and laying out again.
   */
  prime: (query: URLSearchParams) => Promise<unknown>;
}

/** Splash, login and register: light screens without the component library (the first screen). */
export const publicRoutes: readonly ScreenRoute[] = [
  {
    path: '/login/start',
    Page: lazyPage(async () => (await import('../features/login/pages/start-page.tsx')).StartPage, ['login']),
  },
  {
    path: '/login/login',
    Page: lazyPage(async () => (await import('../features/login/pages/login-page.tsx')).LoginPage, ['login']),
  },
  {
    path: '/login/forgot',
    Page: lazyPage(
      async () => (await import('../features/login/pages/forgot-page.tsx')).ForgotPage,
      ['login', 'recovery'],
    ),
  },
  {
    path: '/login/reset',
    Page: lazyPage(
      async () => (await import('../features/login/pages/reset-page.tsx')).ResetPage,
      ['login', 'recovery'],
    ),
  },
  {
    path: '/login/verify-email',
    Page: lazyPage(
      async () => (await import('../features/login/pages/verify-email-page.tsx')).VerifyEmailPage,
      ['login', 'recovery'],
    ),
  },
  {
    path: '/login/register',
    Page: lazyPage(
      async () => (await import('../features/login/pages/register-page.tsx')).RegisterPage,
      ['login'],
    ),
  },
];

/** The shell (antd-mobile, query cache, tabs, user panel) and the screens inside it. */
export const Shell = lazyPage(async () => (await import('./shell.tsx')).Shell, ['shell']);

// the opening screens' modules and namespaces are the ones OPENING_SCREENS names (the preload script's)
const loadHome = () => import('../features/home/pages/home-page.tsx');
const home = lazyPage(async () => (await loadHome()).HomePage, OPENING_SCREENS['/home/index'].namespaces);
const loadInfo = () => import('../features/quotes/pages/info-page.tsx');
const mine = (load: () => Promise<ComponentType>) => lazyPage(load, ['mine']);
const news = (load: () => Promise<ComponentType>) => lazyPage(load, ['news']);
const security = (load: () => Promise<ComponentType>) => lazyPage(load, ['security']);
const quotes = (load: () => Promise<ComponentType>) => lazyPage(load, ['quotes']);
const position = (load: () => Promise<ComponentType>) => lazyPage(load, ['position', 'quotes', 'newShares']);
/** The money screens of eight features come as one chunk (app/money-pages.ts). */
const money = (name: keyof typeof import('./money-pages.ts')) =>
  lazyPage(async () => (await import('./money-pages.ts'))[name], ['money']);

/** The product screens (new shares, block trades, copy trading) come as one chunk (app/product-pages.ts). */
const product = (name: keyof typeof import('./product-pages.ts'), ns: 'block' | 'newShares' | 'copyTrade') =>
  lazyPage(async () => (await import('./product-pages.ts'))[name], [ns]);
const block = (name: keyof typeof import('./product-pages.ts')) => product(name, 'block');
const newShares = (name: keyof typeof import('./product-pages.ts')) => product(name, 'newShares');
const copyTrade = (name: keyof typeof import('./product-pages.ts')) => product(name, 'copyTrade');

export const shellRoutes: readonly ScreenRoute[] = [
  { path: '/mine/lending', Page: money('StockLendingPage') },
  { path: '/home/large', Page: block('BlockTradesPage') },
  { path: '/home/largeInfo', Page: block('BlockTradeInfoPage') },
  { path: '/home/large2', Page: block('AfterMarketPage') },
  { path: '/home/large3', Page: block('BlockSubscriptionsPage') },
  { path: '/home/withinDays', Page: block('DayTradingPage') },
  {
    path: '/home/index',
    Page: home,
    opening: { send: homeOpeningCalls, prime: async () => (await loadHome()).primeHomeOpening() },
  },
  { path: '/home/follow', Page: copyTrade('CopyTradePage') },
  { path: '/mine/followOrder', Page: copyTrade('CopyTradeOrdersPage') },
  {
    path: '/home/newShare',
    Page: newShares('NewSharePage'),
  },
  {
    path: '/home/newShareInfo',
    Page: newShares('NewShareInfoPage'),
  },
  {
    path: '/mine/newShareOrder',
    Page: newShares('NewShareOrderPage'),
  },
  {
    path: '/quotes/search',
    Page: quotes(async () => (await import('../features/quotes/pages/search-page.tsx')).SearchPage),
  },
  {
    path: '/quotes/moreStock',
    Page: quotes(async () => (await import('../features/quotes/pages/rankings-page.tsx')).RankingsPage),
  },
  {
    path: '/quotes/moreZhishu',
    Page: quotes(async () => (await import('../features/quotes/pages/indices-page.tsx')).IndicesPage),
  },
  {
    path: '/quotes/info',
    Page: lazyPage(async () => (await loadInfo()).InfoPage, OPENING_SCREENS['/quotes/info'].namespaces),
    opening: { send: stockOpeningCalls, prime: async (query) => (await loadInfo()).primeStockOpening(query) },
  },
  {
    path: '/quotes/self',
    Page: quotes(async () => (await import('../features/quotes/pages/watchlist-page.tsx')).WatchlistPage),
  },
  {
    path: '/position/index',
    Page: position(async () => (await import('../features/position/pages/position-page.tsx')).PositionPage),
  },
  {
    path: '/position/info',
    Page: position(
      async () => (await import('../features/position/pages/position-info-page.tsx')).PositionInfoPage,
    ),
  },
  {
    path: '/news/index',
    Page: news(async () => (await import('../features/news/pages/news-list-page.tsx')).NewsListPage),
  },
  {
    path: '/news/info',
    Page: news(async () => (await import('../features/news/pages/news-info-page.tsx')).NewsInfoPage),
  },
  {
    path: '/mine/menu',
    Page: mine(async () => (await import('../features/mine/pages/menu-page.tsx')).MenuPage),
  },
  {
    path: '/mine/message',
    Page: mine(async () => (await import('../features/mine/pages/message-list-page.tsx')).MessageListPage),
  },
  {
    path: '/mine/messageInfo',
    Page: mine(async () => (await import('../features/mine/pages/message-info-page.tsx')).MessageInfoPage),
  },
  {
    path: '/mine/loginPassword',
    Page: mine(
      async () => (await import('../features/mine/pages/login-password-page.tsx')).LoginPasswordPage,
    ),
  },
  {
    path: '/mine/fundPassword',
    Page: mine(async () => (await import('../features/mine/pages/fund-password-page.tsx')).FundPasswordPage),
  },
  {
    path: '/mine/email',
    Page: mine(async () => (await import('../features/mine/pages/email-page.tsx')).EmailPage),
  },
  {
    path: '/mine/language',
    Page: mine(async () => (await import('../features/mine/pages/language-page.tsx')).LanguagePage),
    guest: true,
  },
  {
    path: '/mine/support',
    Page: money('SupportPage'),
  },
  {
    path: '/mine/about',
    Page: mine(async () => (await import('../features/mine/pages/document-page.tsx')).AboutPage),
    guest: true,
  },
  {
    path: '/mine/privacy',
    Page: mine(async () => (await import('../features/mine/pages/document-page.tsx')).PrivacyPage),
    guest: true,
  },
  {
    path: '/mine/protocol',
    Page: mine(async () => (await import('../features/mine/pages/document-page.tsx')).ProtocolPage),
    guest: true,
  },
  {
    path: '/mine/security',
    Page: security(async () => (await import('../features/security/pages/security-page.tsx')).SecurityPage),
  },
  {
    path: '/mine/devices',
    Page: security(async () => (await import('../features/security/pages/devices-page.tsx')).DevicesPage),
  },
  { path: '/mine/myPage', Page: money('MyPage') },
  { path: '/mine/verified', Page: money('KycPage') },
  { path: '/mine/bank', Page: money('BankPage') },
  { path: '/mine/bankAdd', Page: money('BankAddPage') },
  { path: '/mine/stored', Page: money('DepositTransferPage') },
  { path: '/mine/deposit', Page: money('DepositPage') },
  { path: '/mine/withdraw', Page: money('WithdrawPage') },
  { path: '/mine/transactionRecords', Page: money('RecordsPage') },
  { path: '/mine/tax', Page: money('TaxAccountPage') },
  { path: '/mine/margin', Page: money('MarginPage') },
  // the reports (PDF): a chunk of their own, with the money texts
  {
    path: '/mine/reports',
    Page: lazyPage(
      async () => (await import('../features/reports/pages/reports-page.tsx')).ReportsPage,
      ['money'],
    ),
  },
  { path: '/mine/exchange', Page: money('ExchangePage') },
  { path: '/mine/loan', Page: money('LoanPage') },
  { path: '/mine/loanOrder', Page: money('LoanOrderPage') },
];

/** Every route this build has a screen for: menus show only links to these. */
export const SCREEN_PATHS: ReadonlySet<string> = new Set(
  [...publicRoutes, ...shellRoutes].map((r) => r.path),
);

// While the splash runs, fetch the code of the screen most users land on.
registerPrefetch(() => Promise.all([Shell.preload(), home.preload()]));

/**
 * A page opened on a screen inside the shell (a reload, a link, the app reopened): fetch that screen's
 * code together with the shell's while the app starts, instead of the screen only after the shell, and
 * send the reads it opens with. Settles when the code is here and those replies are in the query cache
 * (or either failed: the screen's error state reports it when it renders, and its queries ask again).
 */
export function preloadOpeningScreen(hashPath: string): Promise<unknown> {
  const [pathPart = '', query = ''] = hashPath.split('?');
  const path = pathPart.toLowerCase();
  const route = shellRoutes.find((r) => r.path.toLowerCase() === path);
  if (!route) return Promise.resolve();
  const params = new URLSearchParams(query);
  const code = Promise.allSettled([Shell.preload(), route.Page.preload()]);
  const { opening } = route;
  if (!opening) return code;
  opening.send(params);
  return code.then(() => opening.prime(params)).catch(() => {});
}
