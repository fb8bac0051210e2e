import { ZMoneySettingsResponse, ZMoneySettingsRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.setMoneySettings`: changes some money settings; ranges checked here and by the platform (money.write). */
export const setMoneySettings = operatorProcedure
  .input(ZMoneySettingsRequest)
  .output(ZMoneySettingsResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorSetMoneySettings(input, callContext(ctx)));
