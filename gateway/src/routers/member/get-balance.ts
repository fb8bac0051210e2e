import { ZBalance } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `member.balance`: balance in minor units with its currency symbol. */
export const getBalance = memberProcedure.output(ZBalance).query(({ ctx }) => ctx.api.balance(callContext(ctx)));
