import type { MsgKey } from '@kabuto/contract';

/**
 * A refusal the user can read: a msg key from the contract's catalogue plus params.
 * Thrown anywhere inside a service; the error plugin turns it into `{status: 0, msg, params}`
 * and the surrounding transaction rolls back.
 */
export class AppError extends Error {
  constructor(
    readonly msg: MsgKey,
    readonly params?: Record<string, string | number>,
    /** HTTP status; 200 for ordinary refusals per the contract. */
    readonly httpStatus = 200,
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

export const refuse = (msg: MsgKey, params?: Record<string, string | number>): never => {
  throw new AppError(msg, params);
};

/** 401: missing, unknown, expired or revoked token. */
export class UnauthorizedError extends AppError {
  constructor() {
    super('auth.loginAgain', undefined, 401);
  }
}
