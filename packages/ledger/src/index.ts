export * from './accounts.ts';
export * from './errors.ts';
export * from './invariants.ts';
export * from './queries.ts';
export * from './transfers.ts';
export * from './types.ts';
