import { ZDepositChannelsResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `deposit.channels`: the merchant's deposit channels with limits and quick amounts (trial accounts refused upstream). */
export const listChannels = memberProcedure.output(ZDepositChannelsResponse).query(({ ctx }) => ctx.api.depositChannels(callContext(ctx)));
