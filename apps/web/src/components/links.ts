import type { IconName } from './icon.tsx';

/** Something a link does instead of opening a screen. */
export type LinkAction = 'logout';

/**
 * One entry of a menu, panel, shortcut grid or tab bar. `to` entries are shown only when the build has
 * a screen for that route (see lib/screens.ts): a later screen appears in every menu by registering its
 * route, without touching the menus.
 */
export interface AppLink {
  id: string;
  /** i18n key in the `shell` namespace. */
  label: string;
  icon: IconName;
  to?: string;
  action?: LinkAction;
}

const link = (id: string, icon: IconName, to: string): AppLink => ({ id, label: `links.${id}`, icon, to });
const action = (id: LinkAction, icon: IconName): AppLink => ({ id, label: `links.${id}`, icon, action: id });

export const L = {
  home: link('home', 'home', '/home/index'),
  watchlist: link('watchlist', 'star', '/quotes/self'),
  positions: link('positions', 'pie', '/position/index'),
  news: link('news', 'news', '/news/index'),
  menu: link('menu', 'menu', '/mine/menu'),
  myPage: link('myPage', 'user', '/mine/myPage'),
  verified: link('verified', 'idcard', '/mine/verified'),
  messages: link('messages', 'mail', '/mine/message'),
  deposit: link('deposit', 'deposit', '/mine/stored'),
  withdraw: link('withdraw', 'withdraw', '/mine/withdraw'),
  exchange: link('exchange', 'exchange', '/mine/exchange'),
  loan: link('loan', 'loan', '/mine/loan'),
  aiSuperTrade: link('aiSuperTrade', 'ai', '/mine/loan'),
  records: link('records', 'records', '/mine/transactionRecords'),
  tax: link('tax', 'file', '/mine/tax'),
  margin: link('margin', 'pie', '/mine/margin'),
  reports: link('reports', 'file', '/mine/reports'),
  bank: link('bank', 'bank', '/mine/bank'),
  loginPassword: link('loginPassword', 'lock', '/mine/loginPassword'),
  fundPassword: link('fundPassword', 'key', '/mine/fundPassword'),
  security: link('security', 'shield', '/mine/security'),
  devices: link('devices', 'user', '/mine/devices'),
  email: link('email', 'mail', '/mine/email'),
  language: link('language', 'globe', '/mine/language'),
  about: link('about', 'info', '/mine/about'),
  privacy: link('privacy', 'shield', '/mine/privacy'),
  protocol: link('protocol', 'file', '/mine/protocol'),
  newShare: link('newShare', 'ipo', '/home/newShare'),
  blockTrade: link('blockTrade', 'block', '/home/large'),
  afterMarket: link('afterMarket', 'aftermarket', '/home/large2'),
  stockLending: link('stockLending', 'pie', '/mine/lending'),
  quantTrade: link('quantTrade', 'quant', '/home/follow'),
  dayTrade: link('dayTrade', 'daytrade', '/home/withinDays'),
  subscriptionRecords: link('subscriptionRecords', 'order', '/mine/newShareOrder'),
  /** Customer service: the in-app support page. */
  kefu: link('kefu', 'headset', '/mine/support'),
  logout: action('logout', 'logout'),
} satisfies Record<string, AppLink>;

/** Bottom menu: home, watchlist, positions, news, menu. */
export const TAB_LINKS: readonly AppLink[] = [L.home, L.watchlist, L.positions, L.news, L.menu];

/** User panel, first group: identity verification, messages, customer service. */
export const PANEL_PRIMARY: readonly AppLink[] = [L.verified, L.messages, L.kefu];

/** User panel, second group (deposit … privacy), logout last. */
export const PANEL_SECONDARY: readonly AppLink[] = [
  L.deposit,
  L.withdraw,
  L.loan,
  L.records,
  L.positions,
  L.bank,
  L.loginPassword,
  L.fundPassword,
  L.language,
  L.about,
  L.privacy,
  L.logout,
];

/** Home shortcuts: the products, money, loans, bank cards, verification, language, support. */
export const HOME_SHORTCUTS: readonly AppLink[] = [
  L.newShare,
  L.blockTrade,
  L.quantTrade,
  L.dayTrade,
  L.afterMarket,
  L.deposit,
  L.withdraw,
  L.aiSuperTrade,
  L.bank,
  L.verified,
  L.language,
  L.kefu,
];

/** The menu tab, grouped like a broker's account menu. */
export const MENU_GROUPS: readonly { title: string; links: readonly AppLink[] }[] = [
  { title: 'menu.groupAccount', links: [L.myPage, L.verified, L.messages, L.kefu] },
  {
    title: 'menu.groupMoney',
    links: [L.deposit, L.withdraw, L.exchange, L.loan, L.records, L.bank, L.stockLending],
  },
  {
    title: 'menu.groupSecurity',
    links: [L.security, L.devices, L.email, L.loginPassword, L.fundPassword, L.language],
  },
  { title: 'menu.groupAbout', links: [L.about, L.privacy, L.protocol] },
];
