import type { ComponentType } from 'react';
import { homeOpeningCalls } from '../features/home/opening-calls.ts';
import { stockOpeningCalls } from '../features/quotes/opening-calls.ts';
import { registerPrefetch } from '../lib/prefetch.ts';
import { type LazyPage, lazyPage } from './lazy-page.ts';
import { OPENING_SCREENS } from './opening-screens.ts';

export interface ScreenRoute {
  path: string;
  Page: LazyPage;
  /** Logged-out users are sent to login. */
  auth: boolean;
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
    auth: false,
  },
  {
    path: '/login/login',
    Page: lazyPage(async () => (await import('../features/login/pages/login-page.tsx')).LoginPage, ['login']),
    auth: false,
  },
  {
    path: '/login/forgot',
    Page: lazyPage(
      async () => (await import('../features/login/pages/forgot-page.tsx')).ForgotPage,
      ['login', 'recovery'],
    ),
    auth: false,
  },
  {
    path: '/login/reset',
    Page: lazyPage(
      async () => (await import('../features/login/pages/reset-page.tsx')).ResetPage,
      ['login', 'recovery'],
    ),
    auth: false,
  },
  {
    path: '/login/verify-email',
    Page: lazyPage(
      async () => (await import('../features/login/pages/verify-email-page.tsx')).VerifyEmailPage,
      ['login', 'recovery'],
    ),
    auth: false,
  },
  {
    path: '/login/register',
    Page: lazyPage(
      async () => (await import('../features/login/pages/register-page.tsx')).RegisterPage,
      ['login'],
    ),
    auth: false,
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
  { path: '/mine/lending', Page: money('StockLendingPage'), auth: true },
  { path: '/home/large', Page: block('BlockTradesPage'), auth: true },
  { path: '/home/largeInfo', Page: block('BlockTradeInfoPage'), auth: true },
  { path: '/home/large2', Page: block('AfterMarketPage'), auth: true },
  { path: '/home/large3', Page: block('BlockSubscriptionsPage'), auth: true },
  { path: '/home/withinDays', Page: block('DayTradingPage'), auth: true },
  {
    path: '/home/index',
    Page: home,
    auth: true,
    opening: { send: homeOpeningCalls, prime: async () => (await loadHome()).primeHomeOpening() },
  },
  { path: '/home/follow', Page: copyTrade('CopyTradePage'), auth: true },
  { path: '/mine/followOrder', Page: copyTrade('CopyTradeOrdersPage'), auth: true },
  {
    path: '/home/newShare',
    Page: newShares('NewSharePage'),
    auth: true,
  },
  {
    path: '/home/newShareInfo',
    Page: newShares('NewShareInfoPage'),
    auth: true,
  },
  {
    path: '/mine/newShareOrder',
    Page: newShares('NewShareOrderPage'),
    auth: true,
  },
  {
    path: '/quotes/search',
    Page: quotes(async () => (await import('../features/quotes/pages/search-page.tsx')).SearchPage),
    auth: true,
  },
  {
    path: '/quotes/moreStock',
    Page: quotes(async () => (await import('../features/quotes/pages/rankings-page.tsx')).RankingsPage),
    auth: true,
  },
  {
    path: '/quotes/moreZhishu',
    Page: quotes(async () => (await import('../features/quotes/pages/indices-page.tsx')).IndicesPage),
    auth: true,
  },
  {
    path: '/quotes/info',
    Page: lazyPage(async () => (await loadInfo()).InfoPage, OPENING_SCREENS['/quotes/info'].namespaces),
    auth: true,
    opening: { send: stockOpeningCalls, prime: async (query) => (await loadInfo()).primeStockOpening(query) },
  },
  {
    path: '/quotes/self',
    Page: quotes(async () => (await import('../features/quotes/pages/watchlist-page.tsx')).WatchlistPage),
    auth: true,
  },
  {
    path: '/position/index',
    Page: position(async () => (await import('../features/position/pages/position-page.tsx')).PositionPage),
    auth: true,
  },
  {
    path: '/position/info',
    Page: position(
      async () => (await import('../features/position/pages/position-info-page.tsx')).PositionInfoPage,
    ),
    auth: true,
  },
  {
    path: '/news/index',
    Page: news(async () => (await import('../features/news/pages/news-list-page.tsx')).NewsListPage),
    auth: true,
  },
  {
    path: '/news/info',
    Page: news(async () => (await import('../features/news/pages/news-info-page.tsx')).NewsInfoPage),
    auth: true,
  },
  {
    path: '/mine/menu',
    Page: mine(async () => (await import('../features/mine/pages/menu-page.tsx')).MenuPage),
    auth: true,
  },
  {
    path: '/mine/message',
    Page: mine(async () => (await import('../features/mine/pages/message-list-page.tsx')).MessageListPage),
    auth: true,
  },
  {
    path: '/mine/messageInfo',
    Page: mine(async () => (await import('../features/mine/pages/message-info-page.tsx')).MessageInfoPage),
    auth: true,
  },
  {
    path: '/mine/loginPassword',
    Page: mine(
      async () => (await import('../features/mine/pages/login-password-page.tsx')).LoginPasswordPage,
    ),
    auth: true,
  },
  {
    path: '/mine/fundPassword',
    Page: mine(async () => (await import('../features/mine/pages/fund-password-page.tsx')).FundPasswordPage),
    auth: true,
  },
  {
    path: '/mine/email',
    Page: mine(async () => (await import('../features/mine/pages/email-page.tsx')).EmailPage),
    auth: true,
  },
  {
    path: '/mine/language',
    Page: mine(async () => (await import('../features/mine/pages/language-page.tsx')).LanguagePage),
    auth: false,
  },
  {
    path: '/mine/support',
    Page: money('SupportPage'),
    auth: true,
  },
  {
    path: '/mine/about',
    Page: mine(async () => (await import('../features/mine/pages/document-page.tsx')).AboutPage),
    auth: false,
  },
  {
    path: '/mine/privacy',
    Page: mine(async () => (await import('../features/mine/pages/document-page.tsx')).PrivacyPage),
    auth: false,
  },
  {
    path: '/mine/protocol',
    Page: mine(async () => (await import('../features/mine/pages/document-page.tsx')).ProtocolPage),
    auth: false,
  },
  {
    path: '/mine/security',
    Page: security(async () => (await import('../features/security/pages/security-page.tsx')).SecurityPage),
    auth: true,
  },
  {
    path: '/mine/devices',
    Page: security(async () => (await import('../features/security/pages/devices-page.tsx')).DevicesPage),
    auth: true,
  },
  { path: '/mine/myPage', Page: money('MyPage'), auth: true },
  { path: '/mine/verified', Page: money('KycPage'), auth: true },
  { path: '/mine/bank', Page: money('BankPage'), auth: true },
  { path: '/mine/bankAdd', Page: money('BankAddPage'), auth: true },
  { path: '/mine/stored', Page: money('DepositTransferPage'), auth: true },
  { path: '/mine/deposit', Page: money('DepositPage'), auth: true },
  { path: '/mine/withdraw', Page: money('WithdrawPage'), auth: true },
  { path: '/mine/transactionRecords', Page: money('RecordsPage'), auth: true },
  { path: '/mine/tax', Page: money('TaxAccountPage'), auth: true },
  // the reports (PDF): a chunk of their own, with the money texts
  {
    path: '/mine/reports',
    Page: lazyPage(
      async () => (await import('../features/reports/pages/reports-page.tsx')).ReportsPage,
      ['money'],
    ),
    auth: true,
  },
  { path: '/mine/exchange', Page: money('ExchangePage'), auth: true },
  { path: '/mine/loan', Page: money('LoanPage'), auth: true },
  { path: '/mine/loanOrder', Page: money('LoanOrderPage'), auth: true },
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
