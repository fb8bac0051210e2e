import { ACCOUNT_CALLS, ZTotpSetupResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/**
 * `account.totpSetup`: a new authenticator secret and its otpauth URL (shown as a QR code), not yet active.
 * Not a passThrough entry: a mutation without input must not declare one (the client sends no body to parse).
 */
export const totpSetup = memberProcedure.output(ZTotpSetupResponse).mutation(({ ctx }) => ctx.api.call(ACCOUNT_CALLS.totpSetup, undefined, callContext(ctx)));
