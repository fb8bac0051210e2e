import { ZOperatorTotpSetupResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.totpSetup`: a pending authenticator secret for the calling operator, shown once. */
export const totpSetup = operatorProcedure.output(ZOperatorTotpSetupResponse).mutation(({ ctx }) => ctx.api.operatorTotpSetup(callContext(ctx)));
