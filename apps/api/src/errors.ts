import type { ApiErrorEntry } from '@visita/domain/contract/api-errors';
/**
 * An error the API answers on purpose: a status, a stable slug (the product's where it has one)
 * and a Spanish text a person can act on. Anything else thrown becomes a 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly err: string,
    readonly msg: string,
    /** Each refused field's problem in Spanish, where a request has several (the admin API's documents). */
    readonly fields?: Record<string, string>,
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

/** The refusal to throw: an entry of the contract's catalogue (@visita/domain/contract/api-errors). */
export const fail = (entry: ApiErrorEntry): AppError => new AppError(entry.status, entry.err, entry.msg);
