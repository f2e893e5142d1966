import { type Db, withTx } from '@kabuto/db';
import { type Actor, type AuditEntry, audit } from './audit.ts';
import {
  decode,
  encodeSetting,
  forgetSettings,
  SETTING_DEFS,
  type SettingName,
  type Settings,
} from './settings.ts';

/** What a change of one setting makes of its stored value, and its line in the audit log. */
export interface SettingChange<N extends SettingName> {
  value: Settings[N];
  audit: AuditEntry;
}

/**
 * Change one part of a setting (a stock's 逆日歩, a stock's lending rate, a stock on the shortable
 * list) from the value stored, in one transaction with its audit line. The row is read locked (written
 * first with the default when there is none), so two changes at once do not lose one another. `change`
 * returns the next value and the audit entry, or null to change nothing; a refusal it throws undoes
 * everything. This process reads the new value at once, the others within SETTINGS_TTL_MS.
 */
export async function changeSetting<N extends SettingName>(
  db: Db,
  name: N,
  op: Actor,
  at: Date,
  change: (current: Settings[N]) => SettingChange<N> | null,
): Promise<void> {
  const def = SETTING_DEFS[name];
  const changed = await withTx(db, async (tx) => {
    await tx
      .insertInto('config')
      .values({ name, value: encodeSetting(def.default), updated_at: at })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await tx
      .selectFrom('config')
      .select('value')
      .where('name', '=', name)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const stored = decode(def.schema, row.value);
    const current = (stored.ok ? stored.value : def.default) as Settings[N];
    const next = change(current);
    if (!next) return false;
    const text = encodeSetting(next.value);
    await tx.updateTable('config').set({ value: text, updated_at: at }).where('name', '=', name).execute();
    await audit(tx, op, next.audit, at);
    return true;
  });
  if (changed) forgetSettings(db);
}
