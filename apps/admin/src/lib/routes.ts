import type { QueueName } from './queues.ts';

/** Hash-router paths of every screen (the server serves one index.html at /admin/). */
export const ROUTES = {
  login: '/login',
  dashboard: '/',
  queue: (name: QueueName) => `/queues/${name}`,
  support: '/support',
  users: '/users',
  newShares: '/new-shares',
  block: '/block',
  products: '/products',
  lending: '/lending',
  marginCalls: '/margin-calls',
  marginBorrow: '/margin-borrow',
  calendar: '/calendar',
  config: '/config',
  audit: '/audit',
  reconcile: '/reconcile',
  jobs: '/jobs',
  operators: '/operators',
  passkeys: '/passkeys',
} as const;
