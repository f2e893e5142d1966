import { statusMachine } from './status-machine.ts';

/** A message to support: open until an operator answers it, once. */
export type SupportState = 'open' | 'replied';
export const SUPPORT = statusMachine<SupportState>('support', { open: ['replied'], replied: [] });
export const SUPPORT_CODE = { open: 0, replied: 1 } as const satisfies Record<SupportState, number>;
export const SUPPORT_STATE = ['open', 'replied'] as const satisfies readonly SupportState[];
