/** Query keys shared across features (a decision refreshes the dashboard's counts and the menu badges). */
export const QUERY_KEYS = {
  me: ['admin', 'me'] as const,
  queueCounts: ['admin', 'queue-counts'] as const,
  queue: (name: string) => ['admin', 'queue', name] as const,
  users: ['admin', 'users'] as const,
  userDetail: (id: string) => ['admin', 'user', id] as const,
  config: ['admin', 'config'] as const,
  channels: ['admin', 'channels'] as const,
  audit: ['admin', 'audit'] as const,
  operators: ['admin', 'operators'] as const,
};
