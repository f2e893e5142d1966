import { type Kysely, sql } from 'kysely';

/**
 * Dividend tax in the ledger, and corporate actions applied in batches.
 *
 * - `tax_year.dividends`: the dividends received into a 源泉徴収あり account in the year (yen), netted
 *   with its realised losses (損益通算); the year's `national` and `local` now include the tax withheld
 *   on them.
 * - `dividend_entitlement.national_transfer`, `local_transfer`: the transfers that moved a holder's
 *   dividend tax to the platform's `tax_withheld` account on the payment date.
 * - `corporate_action.upto`, `cursor`: an action is applied to the symbol's positions in batches of
 *   position ids, each in its own transaction; `upto` is the last position id the pass covers (fixed
 *   when it starts), `cursor` the last one done (each batch moves it in its own transaction, so a pass
 *   cut short resumes after it and books no position twice).
 * - `position_symbol_open_idx`: a symbol's open positions and orders in id order (the batches' key).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tax_year')
    .addColumn('dividends', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`dividends >= 0`))
    .execute();
  await db.schema
    .alterTable('dividend_entitlement')
    .addColumn('national_transfer', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('local_transfer', 'bigint', (c) => c.references('ledger_transfer.id'))
    .execute();
  await db.schema
    .alterTable('corporate_action')
    .addColumn('upto', 'bigint')
    .addColumn('cursor', 'bigint')
    .execute();
  await sql`create index position_symbol_open_idx on position (symbol, id) where status in (0, 2, 3)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index position_symbol_open_idx`.execute(db);
  await db.schema.alterTable('corporate_action').dropColumn('upto').dropColumn('cursor').execute();
  await db.schema
    .alterTable('dividend_entitlement')
    .dropColumn('national_transfer')
    .dropColumn('local_transfer')
    .execute();
  await db.schema.alterTable('tax_year').dropColumn('dividends').execute();
}
