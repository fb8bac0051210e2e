import { ZTotpSetupResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `account.totpSetup`: a new authenticator secret and its otpauth URL (shown as a QR code), not yet active. */
export const totpSetup = memberProcedure.output(ZTotpSetupResponse).mutation(({ ctx }) => ctx.api.totpSetup(callContext(ctx)));
