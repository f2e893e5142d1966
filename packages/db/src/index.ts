export * from './create-db.ts';
export * from './migrate.ts';
export * from './rows.ts';
export type * from './schema/index.ts';
export * from './tx.ts';
