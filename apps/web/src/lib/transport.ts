import type {
  ACCOUNT_HEADER as CONTRACT_ACCOUNT_HEADER,
  API_BASE as CONTRACT_API_BASE,
  IDEMPOTENCY_HEADER as CONTRACT_IDEMPOTENCY_HEADER,
  LANGUAGES as CONTRACT_LANGUAGES,
  STEP_UP_HEADER as CONTRACT_STEP_UP_HEADER,
  TOKEN_HEADER as CONTRACT_TOKEN_HEADER,
  fields,
  Language,
} from '@kabuto/contract';

/*
 * Wire constants of the contract, restated so the first screen does not load the contract module (it
 * carries the server's zod schemas). Each is typed by the contract's own constant: if the contract
 * changes one, this file stops compiling.
 */
export const API_BASE: typeof CONTRACT_API_BASE = '/api/vue';
export const TOKEN_HEADER: typeof CONTRACT_TOKEN_HEADER = 'token';
export const ACCOUNT_HEADER: typeof CONTRACT_ACCOUNT_HEADER = 'account';
/** Money calls carry one key per user action: a replay returns the first reply and moves nothing. */
export const IDEMPOTENCY_HEADER: typeof CONTRACT_IDEMPOTENCY_HEADER = 'idempotency-key';
/** Withdrawals, bank-card and fund-password changes carry a step-up proof once a factor is enrolled. */
export const STEP_UP_HEADER: typeof CONTRACT_STEP_UP_HEADER = 'step-up';

/** The largest page of a list call (`size`): screens that show a whole list ask for it. */
export const LIST_ALL: typeof fields.MAX_PAGE_SIZE = 100;

/** Interface languages; jp is the default. */
export const LANGUAGES = ['jp', 'cn', 'us'] as const satisfies typeof CONTRACT_LANGUAGES;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameLanguages: Same<(typeof LANGUAGES)[number], Language> = true;
void sameLanguages;
