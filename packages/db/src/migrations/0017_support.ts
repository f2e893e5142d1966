import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

/**
 * In-app support: a user's message to support and the operator's one reply (which also reaches the user
 * as a site message). Status: 0 open, 1 replied.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_message')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(body) between 1 and 2000`))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1)`))
    .addColumn('reply', 'text')
    .addColumn('replied_by', 'bigint', (c) => c.references('operator.id'))
    .addColumn('replied_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('support_message_replied', sql`(status = 1) = (reply is not null)`)
    .execute();
  await db.schema
    .createIndex('support_message_user_idx')
    .on('support_message')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('support_message_status_idx')
    .on('support_message')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_message').execute();
}
