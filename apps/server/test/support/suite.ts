import type { DbKind } from '@kabuto/db';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type Session, T0, type TestApp } from './app.ts';
import { expectLedgerSound, trader } from './trading.ts';

export interface SuiteSetUp {
  t: TestApp;
  /** The operator's token. */
  op: string;
  /** The traders asked for, each with a fund password and ¥10,000,000. */
  traders: Session[];
}

/**
 * The set-up the product suites share: one app for the suite with an operator logged in and, when
 * asked, traders holding yen (`ready` receives them); after every test, `afterEach` first (a price pin
 * to release), then the clock back at T0 and the ledger checked; the app closed at the end.
 */
export function productSuite(
  kind: DbKind,
  ready: (s: SuiteSetUp) => void,
  o: { traders?: number; afterEach?: () => void } = {},
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const op = await t.adminLogin();
    const traders: Session[] = [];
    for (let i = 0; i < (o.traders ?? 0); i++) traders.push(await trader(t, { jpy: '10000000' }));
    ready({ t, op, traders });
  });
  afterEach(async () => {
    o.afterEach?.();
    t!.clock.set(T0);
    await expectLedgerSound(t!);
  });
  afterAll(async () => t?.close());
}
