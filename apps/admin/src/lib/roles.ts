import type { OperatorRole } from '@kabuto/contract';

/** The back office's sections, in menu order. */
export const SECTIONS = [
  'dashboard',
  'queues',
  'support',
  'users',
  'newShares',
  'block',
  'products',
  'lending',
  'marginCalls',
  'marginBorrow',
  'calendar',
  'audit',
  'config',
  'reconcile',
  'jobs',
  'operators',
] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * reviewer: queues, the support inbox and the margin calls; operator: + users, new shares, block trades,
 * products, stock lending, the 逆日歩 (margin borrow), market closures and audit; admin: everything.
 */
const ROLE_SECTIONS: Record<OperatorRole, readonly Section[]> = {
  reviewer: ['dashboard', 'queues', 'support', 'marginCalls'],
  operator: [
    'dashboard',
    'queues',
    'support',
    'users',
    'newShares',
    'block',
    'products',
    'lending',
    'marginCalls',
    'marginBorrow',
    'calendar',
    'audit',
  ],
  admin: SECTIONS,
};

export const canSee = (role: OperatorRole | undefined, section: Section): boolean =>
  role !== undefined && ROLE_SECTIONS[role].includes(section);
