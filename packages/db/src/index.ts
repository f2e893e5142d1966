export * from './create-db.ts';
export * from './migrate.ts';
export type * from './schema/index.ts';
export * from './tx.ts';
