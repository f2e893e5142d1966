import { type Kysely, sql } from 'kysely';

/**
 * Exit orders on a position (docs/orders.md): a limit (指値), a stop (逆指値), a stop-limit, a trailing
 * stop, two of them as an OCO pair (`oco_with`), or waiting for their position's order to fill (IFD,
 * IFDOCO: status `waiting`). The leader's job fires each once: its status change and the close it makes
 * commit in one transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exit_order')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('position_id', 'bigint', (c) => c.notNull().references('position.id'))
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('side', 'int4', (c) => c.notNull().check(sql`side in (1, 2)`))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('limit', 'stop', 'stop_limit', 'trail')`),
    )
    .addColumn('quantity', 'int8')
    .addColumn('limit_price', 'int8')
    .addColumn('stop_price', 'int8')
    .addColumn('trail_amount', 'int8')
    .addColumn('trail_ppm', 'int8')
    .addColumn('extreme', 'int8')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('waiting', 'working', 'triggered', 'filled', 'cancelled', 'expired')`),
    )
    .addColumn('oco_with', 'bigint', (c) => c.references('exit_order.id'))
    .addColumn('fill_price', 'int8')
    .addColumn('closed_position_id', 'bigint', (c) => c.references('position.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('fired_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exit_order_user').on('exit_order').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('exit_order_position').on('exit_order').column('position_id').execute();
  await db.schema
    .createIndex('exit_order_live')
    .on('exit_order')
    .column('symbol')
    .where(sql.ref('status'), 'in', sql`('working', 'triggered')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exit_order').execute();
}
