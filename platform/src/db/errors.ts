/**
 * Reading PostgreSQL's SQLSTATE off an error thrown by either driver (pg and PGlite both put it on
 * `code`), so areas recognise a database refusal without importing each other.
 */

/** The SQLSTATE of a database error, or undefined for anything else. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** 23505: a unique index refused the row (taken name, a key written twice). */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** 23514: a CHECK constraint refused the row (the ledger's non-negative balances). */
export const isCheckViolation = (error: unknown): boolean => sqlState(error) === '23514';

/** Deadlock (40P01) and serialization failure (40001): the transaction may simply be run again. */
export const isRetryableTransactionError = (error: unknown): boolean => {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
};
