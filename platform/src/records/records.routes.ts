import type { FastifyInstance } from 'fastify';
import { RECORD_PATHS, ZRecordQuery } from '@wl/schemas';
import { requireRealMember, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { parseInput } from '../http/request-context.ts';
import { accountRecord, betRecord, bonusRecord, profitRecord } from './records.service.ts';

/** The member's records (issue 8 item 6): own rows only, trial accounts refused (SPEC §6). */
export function registerRecordRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  const routes = [
    [RECORD_PATHS.account, accountRecord],
    [RECORD_PATHS.bets, betRecord],
    [RECORD_PATHS.bonus, bonusRecord],
    [RECORD_PATHS.profit, profitRecord],
  ] as const;
  for (const [url, read] of routes) {
    app.get(url, async (request) => {
      const merchant = await resolveMerchant(deps, request);
      const member = await requireRealMember(deps, request, merchant);
      return ok(await read(deps, merchant, member, parseInput(ZRecordQuery, request.query)));
    });
  }
}
