import { ZSecurityResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `security.centre`: withdraw password set?, bound contacts (masked), bank accounts, latest changes (issue 8 item 8). */
export const getSecurity = memberProcedure.output(ZSecurityResponse).query(({ ctx }) => ctx.api.security(callContext(ctx)));
