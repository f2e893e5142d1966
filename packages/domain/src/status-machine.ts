/**
 * The shape every entity's status follows (reviews, loans, and the product states to come): a set of
 * states and the transitions allowed out of each. A state with no way out is final. Moving along a
 * transition that is not listed is a programming error, not a user's mistake: {@link IllegalTransitionError}
 * (the position's machine in `positions.ts` throws the same).
 */
import { IllegalTransitionError } from './positions.ts';

export type Transitions<S extends string> = { readonly [K in S]: readonly S[] };

export interface StatusMachine<S extends string> {
  readonly entity: string;
  readonly states: readonly S[];
  /** Whether `from → to` is allowed. */
  can(from: S, to: S): boolean;
  /** `to` when `from → to` is allowed; throws {@link IllegalTransitionError} otherwise. */
  move(from: S, to: S): S;
  /** The states reachable in one step. */
  next(from: S): readonly S[];
  isFinal(state: S): boolean;
}

export function statusMachine<S extends string>(
  entity: string,
  transitions: Transitions<S>,
): StatusMachine<S> {
  const states = Object.keys(transitions) as S[];
  const can = (from: S, to: S) => (transitions[from] ?? []).includes(to);
  return {
    entity,
    states,
    can,
    move(from, to) {
      if (!can(from, to)) throw new IllegalTransitionError(entity, from, to);
      return to;
    },
    next: (from) => transitions[from] ?? [],
    isFinal: (state) => (transitions[state] ?? []).length === 0,
  };
}

/**
 * An operator review (KYC submission, deposit, withdrawal, loan application, day-trading application):
 * it waits under review, and is decided once, either way.
 */
export type ReviewState = 'pending' | 'approved' | 'rejected';
export const REVIEW = statusMachine<ReviewState>('review', {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
});
/** How tables with a numeric status column store a review's state. */
export const REVIEW_CODE = { pending: 0, approved: 1, rejected: 2 } as const satisfies Record<
  ReviewState,
  number
>;
export const REVIEW_STATE = ['pending', 'approved', 'rejected'] as const satisfies readonly ReviewState[];

/** A loan: reviewed like any application, then repaid once (principal and interest together). */
export type LoanState = 'pending' | 'approved' | 'rejected' | 'repaid';
export const LOAN = statusMachine<LoanState>('loan', {
  pending: ['approved', 'rejected'],
  approved: ['repaid'],
  rejected: [],
  repaid: [],
});
/** The loan table's status codes (and the wire's). */
export const LOAN_CODE = { pending: 0, approved: 1, rejected: 2, repaid: 3 } as const satisfies Record<
  LoanState,
  number
>;
export const LOAN_STATE = [
  'pending',
  'approved',
  'rejected',
  'repaid',
] as const satisfies readonly LoanState[];

/**
 * A machine whose states are stored (and sent on the wire) as numeric codes: the same machine read
 * through its code table. A code that names no state moves nowhere; an illegal move throws
 * {@link IllegalTransitionError} with the codes, like the machine's own `move`.
 */
export interface CodedMachine<S extends string, C extends number> {
  readonly machine: StatusMachine<S>;
  readonly code: Readonly<Record<S, C>>;
  /** Whether `v` is the code of a state. */
  is(v: number): v is C;
  can(from: number, to: C): boolean;
  move(from: number, to: C): C;
}

export function codedMachine<S extends string, const Codes extends Readonly<Record<S, number>>>(
  machine: StatusMachine<S>,
  code: Codes,
): CodedMachine<S, Codes[S]> {
  type C = Codes[S];
  const nameOf = new Map<number, S>(machine.states.map((s) => [code[s], s]));
  const is = (v: number): v is C => nameOf.has(v);
  const can = (from: number, to: C) => {
    const f = nameOf.get(from);
    const t = nameOf.get(to);
    return f !== undefined && t !== undefined && machine.can(f, t);
  };
  return {
    machine,
    code,
    is,
    can,
    move(from, to) {
      if (!can(from, to)) throw new IllegalTransitionError(machine.entity, from, to);
      return to;
    },
  };
}
