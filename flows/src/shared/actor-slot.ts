import { fromPromise } from 'xstate';

/**
 * A typed slot for a side effect the caller fills with `machine.provide({ actors })`. Flows never
 * perform I/O themselves (DESIGN flows/); a slot left empty fails loudly instead of doing nothing.
 */
export function actorSlot<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`flows: actor "${name}" was not provided; pass it with machine.provide({ actors })`);
  });
}

/** Trims a user-typed value (docs/rules/accounts.md#a-2: inputs are trimmed before they are checked or sent). */
export function clean(value: string | undefined | null): string {
  return (value ?? '').trim();
}

/** An action slot the caller fills with `machine.provide({ actions })` (a page's notice, a balance refresh); empty, it fails loudly. */
export function actionSlot<TParams = undefined>(name: string) {
  return (_args: unknown, _params: TParams): void => {
    throw new Error(`flows: action "${name}" was not provided; pass it with machine.provide({ actions })`);
  };
}
