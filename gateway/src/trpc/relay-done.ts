import type { z } from 'zod';
import type { TCallDescriptor } from '@wl/schemas';
import { ZDone } from '../routers/catalogue/catalogue.types.ts';
import { callContext } from './context.ts';
import { memberProcedure } from './init.ts';

/**
 * A member's mutation that relays one declared call and answers `{ ok: true }` instead of the
 * platform's answer (which the web does not need): the input is checked with `input`, a schema
 * whose output the call accepts.
 */
export function relayDone<D extends TCallDescriptor, I extends z.ZodType<z.output<D['input']>>>(d: D, input: I) {
  return memberProcedure
    .input(input)
    .output(ZDone)
    .mutation(async ({ ctx, input: parsed }) => {
      await ctx.api.call(d, parsed as z.output<D['input']>, callContext(ctx));
      return { ok: true as const };
    });
}
