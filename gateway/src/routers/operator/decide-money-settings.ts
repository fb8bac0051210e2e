import { ZMoneySettingsDecideRequest, ZMoneySettingsResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.decideMoneySettings`: a second owner approves or rejects a change of the four-eyes limits or channels (money.controls, docs/0066). */
export const decideMoneySettings = operatorProcedure
  .input(ZMoneySettingsDecideRequest)
  .output(ZMoneySettingsResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorDecideMoneySettings(input, callContext(ctx)));
