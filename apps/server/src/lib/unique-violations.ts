import type { MsgKey } from '@kabuto/contract';

/**
 * Every unique constraint and unique index of the schema, by name, with the refusal a request that ran
 * into it gets. Services check most of these first (and refuse with the same key); the check and the
 * insert are not one step, so two requests at once can both pass the check and the second insert meets
 * the constraint. The error handler turns that PostgreSQL / PGlite `unique_violation` (23505) into
 * `{status: 0, msg: <key>}` here instead of a 500. A constraint added without a line here is caught by the
 * test that reads the schema's unique indexes (apps/server/test/unique-violations.test.ts).
 *
 * Names generated or drawn by the server (order numbers, tokens, upload names, ledger accounts) only
 * collide in a race of two requests of the same user or by a one-in-billions draw: "try again"
 * (`operation.inProgress`) is the honest answer there.
 */
export const UNIQUE_VIOLATION_KEYS: Readonly<Record<string, MsgKey>> = {
  // an operator's closure of a market on a day that already has one
  market_closure_market_date: 'calendar.closureExists',
  // one sale-proceeds row per closed position: a second close of it is a race the close's lock prevents
  sale_proceeds_position_id_key: 'operation.inProgress',
  app_user_account_key: 'account.exists',
  app_user_invite_code_key: 'operation.inProgress',
  auth_challenge_value_hash_key: 'security.challengeInvalid',
  bank_card_unique_number: 'bank.exists',
  block_subscription_once: 'block.alreadySubscribed',
  block_subscription_order_no_key: 'operation.inProgress',
  day_trade_application_open_idx: 'dayTrade.pending',
  day_trade_application_order_no_key: 'operation.inProgress',
  deposit_one_pending: 'deposit.pending',
  deposit_order_no_key: 'operation.inProgress',
  fx_exchange_order_no_key: 'operation.inProgress',
  ipo_application_once: 'ipo.alreadySubscribed',
  ipo_application_order_no_key: 'operation.inProgress',
  ipo_offering_code_key: 'ipo.codeTaken',
  kyc_one_approved: 'kyc.alreadyVerified',
  kyc_one_pending: 'kyc.pending',
  ledger_account_currency_key: 'operation.inProgress',
  ledger_account_owner_key: 'operation.inProgress',
  ledger_transfer_pending_id_key: 'operation.inProgress',
  loan_one_pending: 'loan.pending',
  loan_order_no_key: 'operation.inProgress',
  operator_username_key: 'admin.operatorExists',
  operator_session_token_hash_key: 'operation.inProgress',
  position_order_no_key: 'operation.inProgress',
  product_stake_order_no_key: 'operation.inProgress',
  session_token_hash_key: 'operation.inProgress',
  stock_loan_open_position: 'lending.alreadyLent',
  upload_name_key: 'operation.inProgress',
  watchlist_user_symbol: 'operation.inProgress',
  webauthn_credential_credential_id_key: 'security.passkeyExists',
  withdrawal_one_pending: 'withdraw.pending',
  withdrawal_order_no_key: 'operation.inProgress',
  // one row per symbol, ex-date and kind, and one entitlement per position: a second run of the job
  corporate_action_key: 'operation.inProgress',
  dividend_entitlement_key: 'operation.inProgress',
  // one run record per job and key (the queue's singleton)
  job_run_job_key: 'operation.inProgress',
  // one account per verified address
  user_email_address_key: 'mail.taken',
  // one tax event per taxed sale: a second close of it is a race the close's lock prevents
  tax_event_position_id_key: 'operation.inProgress',
  // one report per user, kind and period: two requests for the same statement at once
  report_once: 'operation.inProgress',
  // one margin account application pending or approved per user; one open margin call per user and market
  margin_account_open_uq: 'margin.alreadyApplied',
  margin_call_open_uq: 'operation.inProgress',
};

/** The name of the constraint a `unique_violation` names (node-postgres and PGlite both carry it). */
export function violatedConstraint(err: unknown): string | null {
  const e = err as { code?: unknown; constraint?: unknown; detail?: unknown } | null;
  if (e === null || typeof e !== 'object' || e.code !== '23505') return null;
  return typeof e.constraint === 'string' ? e.constraint : '';
}

/**
 * The refusal for a `unique_violation`, or null for any other error. A constraint missing from the table
 * (none should be: the test reads them all) still refuses with "try again" rather than a 500.
 */
export function uniqueViolationKey(err: unknown): MsgKey | null {
  const name = violatedConstraint(err);
  if (name === null) return null;
  return Object.hasOwn(UNIQUE_VIOLATION_KEYS, name) ? UNIQUE_VIOLATION_KEYS[name] : 'operation.inProgress';
}
