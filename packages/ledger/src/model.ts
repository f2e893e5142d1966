/**
 * A pure, in-memory reference model of the ledger's rules, written to be obviously right rather than
 * fast. The model-based tests run random operation sequences against it and against the database and
 * require identical results (transfers written, refusals with the same code at the same index) and
 * identical balances after every step.
 */
import type { Currency, Units } from '@kabuto/domain';
import { isCurrency } from '@kabuto/domain';
import { LedgerError, type LedgerErrorCode } from './errors.ts';
import {
  type Account,
  AccountFlags,
  type AccountId,
  type AccountKind,
  defaultAccountFlags,
  isPlatformAccountKind,
  isTransferCode,
  isUserAccountKind,
  MAX_AMOUNT,
  MAX_BATCH,
  type TransferCode,
  TransferFlags,
  type TransferId,
  type TransferRequest,
  type TransferType,
} from './types.ts';

/** A transfer as the model records it (no timestamp). */
export interface ModelTransfer {
  id: TransferId;
  type: TransferType;
  debitAccountId: AccountId;
  creditAccountId: AccountId;
  amount: Units;
  currency: Currency;
  code: TransferCode;
  flags: number;
  pendingId: TransferId | null;
  operationRef: string | null;
  memo: string | null;
}

export class LedgerModel {
  private readonly accounts = new Map<AccountId, Account>();
  private readonly byKey = new Map<string, AccountId>();
  private readonly transfers: ModelTransfer[] = [];
  private readonly transferById = new Map<TransferId, ModelTransfer>();
  /** pending id → the post or void that resolved it */
  private readonly resolution = new Map<TransferId, TransferId>();
  private nextAccountId = 1n;
  private nextTransferId = 1n;

  /** Get or create an account; user kinds need an owner, platform kinds must have none. */
  openAccount(owner: bigint | null, currency: Currency, kind: AccountKind): Account {
    if (!isCurrency(currency)) throw new TypeError(`not a currency: ${currency}`);
    if (owner === null ? !isPlatformAccountKind(kind) : !isUserAccountKind(kind)) {
      throw new TypeError(`kind ${kind} does not fit owner ${owner}`);
    }
    const key = `${owner ?? '-'}/${currency}/${kind}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return this.account(known)!;
    const a: Account = {
      id: this.nextAccountId++,
      owner,
      currency,
      kind,
      flags: defaultAccountFlags(kind),
      debitsPending: 0n,
      debitsPosted: 0n,
      creditsPending: 0n,
      creditsPosted: 0n,
    };
    this.accounts.set(a.id, a);
    this.byKey.set(key, a.id);
    return { ...a };
  }

  setAccountClosed(id: AccountId, closed: boolean): Account {
    const a = this.accounts.get(id);
    if (!a) throw new LedgerError('account_not_found');
    a.flags = closed ? a.flags | AccountFlags.closed : a.flags & ~AccountFlags.closed;
    return { ...a };
  }

  account(id: AccountId): Account | undefined {
    const a = this.accounts.get(id);
    return a && { ...a };
  }

  allAccounts(): Account[] {
    return [...this.accounts.values()].map((a) => ({ ...a }));
  }

  allTransfers(): ModelTransfer[] {
    return this.transfers.map((t) => ({ ...t }));
  }

  transfer(id: TransferId): ModelTransfer | undefined {
    const t = this.transferById.get(id);
    return t && { ...t };
  }

  isResolved(pendingId: TransferId): boolean {
    return this.resolution.has(pendingId);
  }

  /** All or nothing: on a refusal, throws a LedgerError and the model is unchanged. */
  createTransfers(requests: readonly TransferRequest[]): ModelTransfer[] {
    if (requests.length > MAX_BATCH) throw new LedgerError('batch_too_large', { index: MAX_BATCH });
    // Stage every change; commit only when the whole batch passed.
    const staged = new Map<AccountId, Account>();
    const get = (id: AccountId): Account | undefined => {
      const s = staged.get(id);
      if (s) return s;
      const a = this.accounts.get(id);
      if (!a) return undefined;
      const copy = { ...a };
      staged.set(id, copy);
      return copy;
    };
    const resolvedNow = new Set<TransferId>();
    const written: ModelTransfer[] = [];

    for (let index = 0; index < requests.length; index++) {
      const r = requests[index];
      const fail = (code: LedgerErrorCode, account?: Account, pendingId?: TransferId): never => {
        throw new LedgerError(code, {
          index,
          pendingId,
          account: account && {
            id: account.id,
            owner: account.owner,
            kind: account.kind,
            currency: account.currency,
          },
        });
      };
      const linked = requests.length > 1 && index < requests.length - 1 ? TransferFlags.linked : 0;

      let t: Omit<ModelTransfer, 'id'>;
      if (r.type === 'single' || r.type === 'pending') {
        if (!(typeof r.amount === 'bigint' && r.amount > 0n && r.amount <= MAX_AMOUNT))
          fail('invalid_amount');
        if (!isTransferCode(r.code)) fail('invalid_code');
        if (r.debitAccountId === r.creditAccountId) fail('same_account');
        const debit = get(r.debitAccountId) ?? fail('account_not_found');
        const credit = get(r.creditAccountId) ?? fail('account_not_found');
        if (debit.currency !== r.currency) fail('currency_mismatch', debit);
        if (credit.currency !== r.currency) fail('currency_mismatch', credit);
        if (isClosed(debit)) fail('account_closed', debit);
        if (isClosed(credit)) fail('account_closed', credit);
        if (r.type === 'single') {
          debit.debitsPosted += r.amount;
          credit.creditsPosted += r.amount;
        } else {
          debit.debitsPending += r.amount;
          credit.creditsPending += r.amount;
        }
        limits(debit, credit, fail);
        t = {
          type: r.type,
          debitAccountId: debit.id,
          creditAccountId: credit.id,
          amount: r.amount,
          currency: r.currency,
          code: r.code,
          flags: (r.type === 'pending' ? TransferFlags.pending : 0) | linked,
          pendingId: null,
          operationRef: r.operationRef ?? null,
          memo: r.memo ?? null,
        };
      } else {
        const p = this.transferById.get(r.pendingId);
        if (p?.type !== 'pending') fail('pending_not_found', undefined, r.pendingId);
        const pending = p!;
        if (this.resolution.has(pending.id) || resolvedNow.has(pending.id)) {
          fail('pending_already_resolved', undefined, pending.id);
        }
        const debit = get(pending.debitAccountId)!;
        const credit = get(pending.creditAccountId)!;
        let amount = pending.amount;
        if (r.type === 'post') {
          amount = r.amount ?? pending.amount;
          if (!(typeof amount === 'bigint' && amount > 0n)) fail('invalid_amount', undefined, pending.id);
          if (amount > pending.amount) fail('amount_exceeds_pending', undefined, pending.id);
        }
        const code = r.code ?? pending.code;
        if (!isTransferCode(code)) fail('invalid_code', undefined, pending.id);
        if (r.type === 'post') {
          if (isClosed(debit)) fail('account_closed', debit, pending.id);
          if (isClosed(credit)) fail('account_closed', credit, pending.id);
        }
        // The whole reservation goes; a post then moves `amount` for real.
        debit.debitsPending -= pending.amount;
        credit.creditsPending -= pending.amount;
        if (r.type === 'post') {
          debit.debitsPosted += amount;
          credit.creditsPosted += amount;
        }
        limits(debit, credit, fail);
        resolvedNow.add(pending.id);
        t = {
          type: r.type,
          debitAccountId: debit.id,
          creditAccountId: credit.id,
          amount,
          currency: pending.currency,
          code,
          flags: (r.type === 'post' ? TransferFlags.postPending : TransferFlags.voidPending) | linked,
          pendingId: pending.id,
          operationRef: r.operationRef ?? null,
          memo: r.memo ?? null,
        };
      }
      written.push({ id: 0n, ...t });
    }

    // Commit.
    for (const [id, a] of staged) this.accounts.set(id, a);
    for (const t of written) {
      t.id = this.nextTransferId++;
      this.transfers.push(t);
      this.transferById.set(t.id, t);
      if (t.pendingId !== null) this.resolution.set(t.pendingId, t.id);
    }
    return written.map((t) => ({ ...t }));
  }

  /**
   * The same invariants `checkInvariants` verifies on the database, on the model's own state.
   * Returns a list of human-readable violations (empty when all hold).
   */
  checkInvariants(): string[] {
    const out: string[] = [];
    const sums = new Map<string, { dpe: Units; dpo: Units; cpe: Units; cpo: Units }>();
    for (const a of this.accounts.values()) {
      const s = sums.get(a.currency) ?? { dpe: 0n, dpo: 0n, cpe: 0n, cpo: 0n };
      s.dpe += a.debitsPending;
      s.dpo += a.debitsPosted;
      s.cpe += a.creditsPending;
      s.cpo += a.creditsPosted;
      sums.set(a.currency, s);
      for (const v of [a.debitsPending, a.debitsPosted, a.creditsPending, a.creditsPosted]) {
        if (v < 0n || v > MAX_AMOUNT) out.push(`account ${a.id}: balance column out of range (${v})`);
      }
      if (
        a.flags & AccountFlags.debitsMustNotExceedCredits &&
        a.debitsPending + a.debitsPosted > a.creditsPosted
      ) {
        out.push(`account ${a.id}: debits exceed credits`);
      }
      if (
        a.flags & AccountFlags.creditsMustNotExceedDebits &&
        a.creditsPending + a.creditsPosted > a.debitsPosted
      ) {
        out.push(`account ${a.id}: credits exceed debits`);
      }
    }
    for (const [currency, s] of sums) {
      if (s.dpo !== s.cpo) out.push(`${currency} posted: debits ${s.dpo} ≠ credits ${s.cpo}`);
      if (s.dpe !== s.cpe) out.push(`${currency} pending: debits ${s.dpe} ≠ credits ${s.cpe}`);
    }
    // Recompute every balance from the transfers alone.
    const seen = new Map<TransferId, number>();
    const re = new Map<AccountId, { dpe: Units; dpo: Units; cpe: Units; cpo: Units }>();
    const at = (id: AccountId) => {
      let r = re.get(id);
      if (!r) {
        r = { dpe: 0n, dpo: 0n, cpe: 0n, cpo: 0n };
        re.set(id, r);
      }
      return r;
    };
    for (const t of this.transfers) {
      if (t.pendingId !== null) seen.set(t.pendingId, (seen.get(t.pendingId) ?? 0) + 1);
      if (t.type === 'single' || t.type === 'post') {
        at(t.debitAccountId).dpo += t.amount;
        at(t.creditAccountId).cpo += t.amount;
      } else if (t.type === 'pending' && !this.resolution.has(t.id)) {
        at(t.debitAccountId).dpe += t.amount;
        at(t.creditAccountId).cpe += t.amount;
      }
    }
    for (const [id, n] of seen) if (n > 1) out.push(`pending ${id} resolved ${n} times`);
    for (const a of this.accounts.values()) {
      const r = re.get(a.id) ?? { dpe: 0n, dpo: 0n, cpe: 0n, cpo: 0n };
      if (
        r.dpe !== a.debitsPending ||
        r.dpo !== a.debitsPosted ||
        r.cpe !== a.creditsPending ||
        r.cpo !== a.creditsPosted
      ) {
        out.push(`account ${a.id}: balances differ from the sum of its transfers`);
      }
    }
    return out;
  }
}

const isClosed = (a: Account) => (a.flags & AccountFlags.closed) !== 0;

function limits(
  debit: Account,
  credit: Account,
  fail: (code: LedgerErrorCode, account?: Account) => never,
): void {
  for (const a of [debit, credit]) {
    if ([a.debitsPending, a.debitsPosted, a.creditsPending, a.creditsPosted].some((v) => v > MAX_AMOUNT)) {
      fail('overflow', a);
    }
  }
  if (
    debit.flags & AccountFlags.debitsMustNotExceedCredits &&
    debit.debitsPending + debit.debitsPosted > debit.creditsPosted
  ) {
    fail('exceeds_credits', debit);
  }
  if (
    credit.flags & AccountFlags.creditsMustNotExceedDebits &&
    credit.creditsPending + credit.creditsPosted > credit.debitsPosted
  ) {
    fail('exceeds_debits', credit);
  }
}
