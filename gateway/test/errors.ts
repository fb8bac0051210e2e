import { TRPCClientError } from '@trpc/client';
import { expect } from 'vitest';
import type { AppRouter } from '../src/router-type.ts';

type TClientError = TRPCClientError<AppRouter>;

/** Awaits a call that must fail with this tRPC code (and message key, when given); answers the error. */
export async function expectTRPCError(call: Promise<unknown>, code: string, message?: string): Promise<TClientError> {
  const error: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}, the call succeeded`).toBeInstanceOf(TRPCClientError);
  const clientError = error as TClientError;
  expect(clientError.data?.code, clientError.message).toBe(code);
  if (message !== undefined) expect(clientError.message).toBe(message);
  return clientError;
}
