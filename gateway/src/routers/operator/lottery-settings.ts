import { ZOperatorLotterySettingsResponse, ZOperatorSetLotterySettingsRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.lotterySettings`: each lottery game's draw interval and payout table (config.read; docs/0041). */
export const lotterySettings = operatorProcedure.output(ZOperatorLotterySettingsResponse).query(({ ctx }) => ctx.api.operatorLotterySettings(callContext(ctx)));

/**
 * `operator.setLotterySettings`: sets a lottery's interval and payout table (whitelabel.write),
 * validated by the platform and audited; the next draw and the next bet use them.
 */
export const setLotterySettings = operatorProcedure
  .input(ZOperatorSetLotterySettingsRequest)
  .output(ZOperatorLotterySettingsResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorSetLotterySettings(input, callContext(ctx)));
