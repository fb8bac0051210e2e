import { ZMoneySettingsResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.moneySettings`: withdraw limits, windows, four eyes, wallet mode and channels (money.read). */
export const getMoneySettings = operatorProcedure.output(ZMoneySettingsResponse).query(({ ctx }) => ctx.api.operatorMoneySettings(callContext(ctx)));
