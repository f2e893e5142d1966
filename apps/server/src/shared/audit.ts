import type { Db, Tx } from '@kabuto/db';

/** Who did it: the logged-in operator (or the system, for seeded data). */
export interface Actor {
  id: bigint | null;
  username: string;
}

export interface AuditEntry {
  /** e.g. `deposit.approve`, `user.state`, `config.set` */
  action: string;
  /** what it was done to, e.g. `deposit:12`, `user:demo0001`, `config:fx_spread` */
  target: string;
  reason?: string;
  detail?: Record<string, unknown>;
}

/**
 * Append one line to the audit log, inside the transaction of the action it describes: the action and
 * its record commit together or not at all. The table refuses UPDATE and DELETE.
 */
export async function audit(tx: Tx | Db, actor: Actor, entry: AuditEntry, at: Date): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      operator_id: actor.id,
      operator_name: actor.username,
      action: entry.action,
      target: entry.target,
      reason: entry.reason ?? '',
      detail: JSON.stringify(entry.detail ?? {}, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
      created_at: at,
    })
    .execute();
}
