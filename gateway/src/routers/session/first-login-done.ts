import { ACCOUNT_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZDone } from '../catalogue/catalogue.types.ts';

/**
 * `session.firstLoginDone` (docs/rules/accounts.md#a-9 first login): the first-login step ran; clears firstTimeLogin.
 * Not a passThrough entry: a mutation without input must not declare one (the client sends no body to parse).
 */
export const firstLoginDone = memberProcedure.output(ZDone).mutation(({ ctx }) => ctx.api.call(ACCOUNT_CALLS.firstLoginDone, undefined, callContext(ctx)));
