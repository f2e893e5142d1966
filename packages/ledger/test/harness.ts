/**
 * Model-based testing harness: drives the same random operation sequence against the reference
 * model and a real database and requires identical outcomes after every step.
 *
 * Randomness comes from a `Choices` source — a seeded PRNG for the long runs, or a fast-check
 * generated tape (so fast-check can shrink a failure to a short sequence).
 */
import { type Db, type DbKind, withTx } from '@kabuto/db';
import { createTestDb } from '@kabuto/db/testing';
import { CURRENCIES, type Currency, UNIT } from '@kabuto/domain';
import { sql } from 'kysely';
import {
  type Account,
  AccountFlags,
  type AccountId,
  type AccountKind,
  checkInvariants,
  createTransferGroups,
  createTransfers,
  type DirectTransferRequest,
  isLedgerError,
  LedgerError,
  type LedgerErrorCode,
  MAX_AMOUNT,
  PLATFORM_ACCOUNT_KINDS,
  platformAccount,
  setAccountClosed,
  TRANSFER_CODES,
  type Transfer,
  type TransferCode,
  type TransferId,
  type TransferRequest,
  USER_ACCOUNT_KINDS,
  userAccount,
} from '../src/index.ts';
import { LedgerModel, type ModelTransfer } from '../src/model.ts';
import { toAccount } from '../src/rows.ts';

/** A source of choices: an integer in [0, n). */
export interface Choices {
  int(n: number): number;
}

/** xorshift32 (Marsaglia), seeded; deterministic across runs and machines. */
export function seeded(seed: number): Choices {
  let x = (seed ^ 0x9e3779b9) >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  for (let i = 0; i < 8; i++) next();
  return { int: (n) => (n <= 1 ? 0 : next() % n) };
}

/** Choices read from a tape of numbers (zeros once it runs out): fast-check shrinks the tape. */
export function tape(values: readonly number[]): Choices {
  let i = 0;
  return { int: (n) => (n <= 1 ? 0 : (values[i++] ?? 0) % n) };
}

/** An id neither the model nor the database will ever hand out. */
const UNKNOWN_ID = 9_000_000_000_000n;

/** One step of a sequence (plain data, printable). */
export type Op =
  | { op: 'open'; owner: bigint | null; currency: Currency; kind: AccountKind }
  | { op: 'close'; account: AccountId; closed: boolean }
  | { op: 'batch'; requests: TransferRequest[] }
  /** Several independent batches applied together (createTransferGroups): each all or nothing. */
  | { op: 'groups'; groups: TransferRequest[][] };

export interface RunStats {
  steps: number;
  transfers: number;
  batches: number;
  refused: Partial<Record<LedgerErrorCode, number>>;
}

export interface RunOptions {
  ops: number;
  /** Run the database's checkInvariants every this many steps (and after the last). */
  checkEvery: number;
  /** Printed with a failure so it can be replayed. */
  label: string;
}

const show = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x));

/**
 * Run one random sequence against a fresh model and `db` (which must hold an empty ledger).
 * Throws with the label, the step and the last operations on the first difference.
 */
export async function runSequence(db: Db, choices: Choices, opts: RunOptions): Promise<RunStats> {
  const h = new Harness(db, choices);
  const recent: string[] = [];
  for (let step = 0; step < opts.ops; step++) {
    const op = h.generate();
    recent.push(`#${step} ${show(op)}`);
    if (recent.length > 12) recent.shift();
    try {
      await h.apply(op);
      h.checkModel();
      await h.compareBalances();
      if ((step + 1) % opts.checkEvery === 0 || step === opts.ops - 1) await h.checkDb();
    } catch (err) {
      const e = err as Error;
      e.message = `${opts.label}: step ${step} failed: ${e.message}\nlast operations (model ids):\n${recent.join('\n')}`;
      throw e;
    }
  }
  return h.stats;
}

class Harness {
  readonly model = new LedgerModel();
  readonly stats: RunStats = { steps: 0, transfers: 0, batches: 0, refused: {} };
  /** model account id ↔ db account id */
  private readonly accToDb = new Map<AccountId, AccountId>();
  private readonly accToModel = new Map<AccountId, AccountId>();
  private readonly trToDb = new Map<TransferId, TransferId>();
  private readonly trToModel = new Map<TransferId, TransferId>();
  private readonly accounts: AccountId[] = [];
  private readonly pendings: TransferId[] = [];
  private readonly others: TransferId[] = [];
  private readonly users: bigint[];
  private readonly currencies: Currency[];

  constructor(
    private readonly db: Db,
    private readonly c: Choices,
  ) {
    this.users = [101n, 102n, 103n, 104n].slice(0, 2 + c.int(3));
    const start = c.int(CURRENCIES.length);
    this.currencies = [
      CURRENCIES[start],
      CURRENCIES[(start + 1 + c.int(CURRENCIES.length - 1)) % CURRENCIES.length],
    ];
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[this.c.int(xs.length)];
  }
  private chance(percent: number): boolean {
    return this.c.int(100) < percent;
  }
  /** A single transfer, or (30%) a pending one, with the same fields. */
  private direct(fields: Omit<DirectTransferRequest, 'type'>): TransferRequest {
    return this.chance(30) ? { type: 'pending', ...fields } : { type: 'single', ...fields };
  }

  // ---------------------------------------------------------------- generation (model ids)

  generate(): Op {
    this.stats.steps++;
    // A few accounts first, so transfers have somewhere to go.
    if (this.accounts.length < 4 || this.chance(6)) return this.genOpen();
    if (this.chance(2)) {
      // Close an account, or reopen one of the closed: a few accounts are closed at any time.
      const closed = this.accounts.filter((id) => this.model.account(id)!.flags & AccountFlags.closed);
      if (closed.length > 0 && this.chance(60))
        return { op: 'close', account: this.pick(closed), closed: this.chance(10) };
      return {
        op: 'close',
        account: this.chance(95) ? this.pick(this.accounts) : UNKNOWN_ID,
        closed: this.chance(90),
      };
    }
    if (this.chance(10)) {
      const groups: TransferRequest[][] = [];
      for (let n = 2 + this.c.int(4); n > 0; n--) groups.push(this.genBatch());
      return { op: 'groups', groups };
    }
    return { op: 'batch', requests: this.genBatch() };
  }

  private genBatch(): TransferRequest[] {
    const size = this.chance(75) ? 1 : 2 + this.c.int(4);
    const requests: TransferRequest[] = [];
    for (let i = 0; i < size; i++) requests.push(this.genRequest());
    return requests;
  }

  private genOpen(): Op {
    const currency = this.chance(95) ? this.pick(this.currencies) : this.pick(CURRENCIES);
    if (this.chance(35))
      return { op: 'open', owner: null, currency, kind: this.pick(PLATFORM_ACCOUNT_KINDS) };
    const kind = this.chance(60) ? 'cash' : this.pick(USER_ACCOUNT_KINDS);
    return { op: 'open', owner: this.pick(this.users), currency, kind };
  }

  private amount(): bigint {
    const r = this.c.int(100);
    if (r < 3) return this.pick([0n, -1n, -5n * UNIT, MAX_AMOUNT + 1n]);
    if (r < 5) return this.pick([2n ** 62n, MAX_AMOUNT, 2n ** 61n + 7n]);
    if (r < 30) return BigInt(1 + this.c.int(1000)) * UNIT;
    if (r < 60) return BigInt(1 + this.c.int(100_000));
    return BigInt(1 + this.c.int(50_000)) * 100n;
  }

  private accountsIn(currency: Currency, pred: (a: Account) => boolean = () => true): Account[] {
    return this.model.allAccounts().filter((a) => a.currency === currency && pred(a));
  }

  private genRequest(): TransferRequest {
    const r = this.c.int(100);
    const memo = this.chance(10) ? `memo ${this.c.int(1000)}` : null;
    const operationRef = this.chance(30) ? `op:${this.c.int(50)}` : undefined;
    if (r < 45) {
      // A plausible movement: mostly platform → user (funding) or user → anything in the same currency.
      const currency = this.pick(this.currencies);
      const pool = this.accountsIn(currency);
      if (pool.length < 2) return this.genRequestRandom(memo);
      const funding = this.chance(40);
      const from = funding
        ? this.pick(pool.filter((a) => a.owner === null).concat(pool))
        : this.pick(pool.filter((a) => a.owner !== null).concat(pool));
      const to = this.pick(pool.filter((a) => a.id !== from.id));
      const amount = funding ? BigInt(1 + this.c.int(5000)) * UNIT : this.amount();
      return this.direct({
        debitAccountId: from.id,
        creditAccountId: to.id,
        amount,
        currency,
        code: this.pick(TRANSFER_CODES),
        operationRef,
        memo,
      });
    }
    const open = this.pendings.filter((id) => !this.model.isResolved(id));
    if (r < 75 && (open.length > 0 || (r < 50 && this.pendings.length > 0))) {
      // Resolve a pending transfer: mostly open ones, sometimes one already resolved.
      const pendingId = open.length > 0 && this.chance(92) ? this.pick(open) : this.pick(this.pendings);
      if (this.chance(35))
        return { type: 'void', pendingId, code: this.chance(20) ? 'adjustment' : undefined, memo };
      const p = this.model.transfer(pendingId)!;
      const k = this.c.int(10);
      const partial = (p.amount * BigInt(this.c.int(1_000_000))) / 1_000_000n;
      const amount =
        k < 4
          ? undefined
          : k < 8
            ? partial > 0n
              ? partial
              : 1n
            : this.pick([p.amount, p.amount + 1n, 0n, -1n]);
      return { type: 'post', pendingId, amount, operationRef, memo };
    }
    if (r < 75) return this.genRequest();
    if (r < 92) return this.genRequestRandom(memo);
    // Deliberately wrong references.
    const k = this.c.int(4);
    if (k === 0) return { type: 'post', pendingId: UNKNOWN_ID };
    if (k === 1 && this.others.length > 0)
      return { type: this.chance(50) ? 'post' : 'void', pendingId: this.pick(this.others) };
    if (k === 2) {
      const a = this.pick(this.accounts);
      return {
        type: 'single',
        debitAccountId: a,
        creditAccountId: a,
        amount: 1n,
        currency: this.model.account(a)!.currency,
        code: 'fee',
      };
    }
    return {
      type: 'single',
      debitAccountId: this.chance(50) ? UNKNOWN_ID : this.pick(this.accounts),
      creditAccountId: UNKNOWN_ID + 1n,
      amount: 1n,
      currency: this.pick(this.currencies),
      code: this.chance(80) ? 'fee' : ('no such code' as TransferCode),
    };
  }

  /** Any two accounts, any currency, any amount: mostly refusals. */
  private genRequestRandom(memo: string | null): TransferRequest {
    const debit = this.pick(this.accounts);
    const credit = this.pick(this.accounts);
    const currency = this.chance(80) ? this.model.account(debit)!.currency : this.pick(this.currencies);
    return this.direct({
      debitAccountId: debit,
      creditAccountId: credit,
      amount: this.amount(),
      currency,
      code: this.chance(97) ? this.pick(TRANSFER_CODES) : ('Bad-Code' as TransferCode),
      memo,
    });
  }

  // ---------------------------------------------------------------- application

  private accDb = (id: AccountId) => this.accToDb.get(id) ?? id;
  private trDb = (id: TransferId) => this.trToDb.get(id) ?? id;

  private toDbRequest(r: TransferRequest): TransferRequest {
    if (r.type === 'post' || r.type === 'void') return { ...r, pendingId: this.trDb(r.pendingId) };
    return {
      ...r,
      debitAccountId: this.accDb(r.debitAccountId),
      creditAccountId: this.accDb(r.creditAccountId),
    };
  }

  async apply(op: Op): Promise<void> {
    if (op.op === 'open') {
      const m = this.model.openAccount(op.owner, op.currency, op.kind);
      const d =
        op.owner === null
          ? await platformAccount(this.db, op.kind as (typeof PLATFORM_ACCOUNT_KINDS)[number], op.currency)
          : await userAccount(this.db, op.owner, op.currency, op.kind as (typeof USER_ACCOUNT_KINDS)[number]);
      const known = this.accToDb.get(m.id);
      if (known === undefined) {
        if (this.accToModel.has(d.id)) throw new Error(`db returned existing account ${d.id} for a new one`);
        this.accToDb.set(m.id, d.id);
        this.accToModel.set(d.id, m.id);
        this.accounts.push(m.id);
      } else if (known !== d.id) {
        throw new Error(`get-or-create returned ${d.id}, expected ${known}`);
      }
      this.compareAccount(m, d);
      return;
    }
    if (op.op === 'close') {
      const m = await outcome(async () => this.model.setAccountClosed(op.account, op.closed));
      const d = await outcome(() =>
        withTx(this.db, (tx) => setAccountClosed(tx, this.accDb(op.account), op.closed)),
      );
      sameOutcome(m, d, (id) => this.accToDb.get(id));
      if (m.ok && d.ok) this.compareAccount(m.value, d.value);
      return;
    }
    if (op.op === 'groups') {
      // The model applies each group on its own, in order; the database all of them in one call.
      const m: Outcome<ModelTransfer[]>[] = [];
      for (const g of op.groups) m.push(await outcome(async () => this.model.createTransfers(g)));
      const d = await withTx(this.db, (tx) =>
        createTransferGroups(
          tx,
          op.groups.map((g) => g.map((r) => this.toDbRequest(r))),
        ),
      );
      for (let i = 0; i < m.length; i++) {
        const di = d[i];
        this.record(m[i], di.ok ? { ok: true, value: di.transfers } : { ok: false, error: di.error });
      }
      return;
    }
    const m = await outcome(async () => this.model.createTransfers(op.requests));
    const d = await outcome(() =>
      withTx(this.db, (tx) =>
        createTransfers(
          tx,
          op.requests.map((r) => this.toDbRequest(r)),
        ),
      ),
    );
    this.record(m, d);
  }

  /** Compare one batch's outcome in the model and the database, and remember what it wrote. */
  private record(m: Outcome<ModelTransfer[]>, d: Outcome<Transfer[]>): void {
    this.stats.batches++;
    sameOutcome(m, d, (id) => this.accToDb.get(id));
    if (!m.ok) {
      const code = (m.error as LedgerError).code;
      this.stats.refused[code] = (this.stats.refused[code] ?? 0) + 1;
      return;
    }
    if (!d.ok) throw new Error('unreachable');
    const mt = m.value;
    const dt = d.value;
    if (mt.length !== dt.length) throw new Error(`model wrote ${mt.length} transfers, db ${dt.length}`);
    for (let i = 0; i < mt.length; i++) {
      this.compareTransfer(mt[i], dt[i]);
      this.trToDb.set(mt[i].id, dt[i].id);
      this.trToModel.set(dt[i].id, mt[i].id);
      (mt[i].type === 'pending' ? this.pendings : this.others).push(mt[i].id);
    }
    this.stats.transfers += mt.length;
  }

  private compareAccount(m: Account, d: Account): void {
    const want = { ...m, id: this.accDb(m.id) };
    if (show(want) !== show(d)) throw new Error(`account differs:\n model ${show(want)}\n db    ${show(d)}`);
  }

  private compareTransfer(m: ModelTransfer, d: Transfer): void {
    const want = {
      type: m.type,
      debitAccountId: this.accDb(m.debitAccountId),
      creditAccountId: this.accDb(m.creditAccountId),
      amount: m.amount,
      currency: m.currency,
      code: m.code,
      flags: m.flags,
      pendingId: m.pendingId === null ? null : this.trDb(m.pendingId),
      operationRef: m.operationRef,
      memo: m.memo,
    };
    const got = {
      type: d.type,
      debitAccountId: d.debitAccountId,
      creditAccountId: d.creditAccountId,
      amount: d.amount,
      currency: d.currency,
      code: d.code,
      flags: d.flags,
      pendingId: d.pendingId,
      operationRef: d.operationRef,
      memo: d.memo,
    };
    if (show(want) !== show(got))
      throw new Error(`transfer differs:\n model ${show(want)}\n db    ${show(got)}`);
  }

  checkModel(): void {
    const v = this.model.checkInvariants();
    if (v.length > 0) throw new Error(`model invariants: ${v.join('; ')}`);
  }

  /** Every account's four balance columns and flags, database against model. */
  async compareBalances(): Promise<void> {
    // One text value for the whole table keeps this cheap enough to run after every step.
    const { rows } = await sql<{ s: string | null }>`
      select string_agg(concat_ws(':', id, flags, debits_pending, debits_posted, credits_pending, credits_posted),
        ' ' order by id) as s
      from ledger_account`.execute(this.db);
    const want = this.model
      .allAccounts()
      .map((a) => ({ ...a, id: this.accDb(a.id) }))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((a) =>
        [a.id, a.flags, a.debitsPending, a.debitsPosted, a.creditsPending, a.creditsPosted].join(':'),
      )
      .join(' ');
    if ((rows[0]?.s ?? '') !== want) await this.explainBalanceDifference();
  }

  private async explainBalanceDifference(): Promise<never> {
    const rows = await this.db.selectFrom('ledger_account').selectAll().execute();
    const model = this.model.allAccounts();
    if (rows.length !== model.length)
      throw new Error(`db has ${rows.length} accounts, model ${model.length}`);
    for (const row of rows) {
      const d = toAccount(row);
      const mid = this.accToModel.get(d.id);
      const m = mid === undefined ? undefined : this.model.account(mid);
      if (!m) throw new Error(`db account ${d.id} unknown to the model`);
      this.compareAccount(m, d);
    }
    throw new Error('balances differ');
  }

  async checkDb(): Promise<void> {
    const report = await checkInvariants(this.db);
    if (!report.ok) throw new Error(`db invariants: ${report.violations.map((v) => v.message).join('; ')}`);
    if (report.transfers !== this.model.allTransfers().length) {
      throw new Error(`db has ${report.transfers} transfers, model ${this.model.allTransfers().length}`);
    }
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

async function outcome<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Both succeeded, or both refused with the same code, at the same index, about the same account. */
function sameOutcome<A, B>(
  m: Outcome<A>,
  d: Outcome<B>,
  accToDb: (id: AccountId) => AccountId | undefined,
): void {
  if (!m.ok && !(m.error instanceof LedgerError)) throw m.error;
  if (!d.ok && !isLedgerError(d.error)) throw d.error;
  if (m.ok && d.ok) return;
  const describe = (o: Outcome<unknown>, toDb: (id: AccountId) => AccountId | undefined) => {
    if (o.ok) return 'ok';
    const e = o.error as LedgerError;
    return `${e.code} at #${e.index} account ${e.account ? toDb(e.account.id) : '-'}`;
  };
  const ms = describe(m, accToDb);
  const ds = describe(d, (id) => id);
  if (ms !== ds) throw new Error(`outcome differs: model ${ms}, db ${ds}`);
}

// ---------------------------------------------------------------- fresh databases

/**
 * An empty, migrated ledger for each run. Migrating a new schema costs seconds on a busy PostgreSQL
 * (Kysely's migrator introspects every schema of the database) and starting PGlite costs seconds, so
 * databases are kept and reused: one per run in flight, emptied before each run.
 */
export interface FreshDbs {
  fresh(): Promise<{ db: Db; done(): Promise<void> }>;
  close(): Promise<void>;
}

interface Slot {
  db: Db;
  close(): Promise<void>;
}

/**
 * Empty the ledger tables of a test database. Transfers are append-only, so this test fixture turns
 * triggers off for its own transaction only (superuser; the tables and schema are throwaway).
 */
async function emptyLedger(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    await sql`truncate ledger_transfer, ledger_account restart identity cascade`.execute(tx);
  });
}

export async function freshDbs(kind: DbKind): Promise<FreshDbs> {
  const free: Slot[] = [];
  const all: Slot[] = [];
  return {
    fresh: async () => {
      let slot = free.pop();
      if (!slot) {
        slot = await openSlot(kind);
        all.push(slot);
      }
      const taken = slot;
      await emptyLedger(taken.db);
      return {
        db: taken.db,
        done: async () => {
          free.push(taken);
        },
      };
    },
    close: async () => {
      for (const slot of all) await slot.close();
    },
  };
}

async function openSlot(kind: DbKind): Promise<Slot> {
  const h = await createTestDb(kind, { poolSize: 2 });
  return { db: h.db, close: () => h.close() };
}
