import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_PATHS, WPS_CODES, WPS_HEADERS, WPS_MESSAGES } from '@wl/schemas';
import { commitHold } from '../test-support/commit-hold.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { fromClientIp, steppedUpToken } from '../test-support/http.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

// docs/0078: the gateway's deadline and the per-process load limit, over the platform's HTTP stack.
// Nothing waits on time: the platform's clock is the test's, and a commit is held on a promise the
// test resolves.

let nowMs = Date.parse('2030-01-01T00:00:00Z');
/** A test holds the next money commit with `holdNextCommit()`. */
const hold = commitHold();
const ctx = usePlatform({
  clock: () => new Date(nowMs),
  build: {
    // One call at a time, one waiting: the shedding test fills both.
    loadLimits: { maxInFlight: 1, maxQueued: 1, queueWaitMs: 60_000 },
    beforeCommit: hold.beforeCommit,
  },
});
const MONEY_TABLES = ['ledger_transactions', 'ledger_entries', 'member_audit'] as const;
const ids = { member: 0, agent: 0 };
let token = '';

const holdNextCommit = hold.holdNext;

/** A call as the gateway sends it: its secret, and the deadline `inMs` from the platform's now. */
const asGateway = (inMs: number) => ({ ...fromClientIp('203.0.113.7'), [WPS_HEADERS.deadline]: String(nowMs + inMs), authorization: token });
const toUpline = (key: string, inMs: number) =>
  ctx.app.inject({ method: 'POST', url: TRANSFER_PATHS.transferUpline, headers: asGateway(inMs), payload: { amountMinor: 1_000, key, remark: 'x' } });

/** Until the platform holds `n` calls in its queue (state, not time). */
async function untilQueued(n: number): Promise<void> {
  while (ctx.app.platformLoad.queued() < n) await new Promise((resolve) => setImmediate(resolve));
}

const BUSY = { success: false, code: WPS_CODES.busy, message: WPS_MESSAGES.busy };

beforeAll(async () => {
  token = await steppedUpToken(ctx.app, 'demo_member', 'Demo1234');
  const rows = await ctx.db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('merchant_id', '=', demoMerchantId(ctx.db))
    .where('username', 'in', ['demo_member', 'demo_agent'])
    .execute();
  ids.member = rows.find((r) => r.username === 'demo_member')!.id;
  ids.agent = rows.find((r) => r.username === 'demo_agent')!.id;
});

describe('the gateway deadline', () => {
  it('refuses a call already past it before any work: 503 busy with Retry-After, nothing written', async () => {
    const before = await rowCounts(ctx.db, [...MONEY_TABLES]);
    const res = await toUpline('deadline-past-0001', 0);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject(BUSY);
    expect(await rowCounts(ctx.db, [...MONEY_TABLES])).toEqual(before);
  });

  it('is believed only from the gateway: without its secret the header changes nothing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: TRANSFER_PATHS.transferUpline, headers: { authorization: token, [WPS_HEADERS.deadline]: '1' } });
    expect(res.json()).toMatchObject({ success: true });
  });

  it('rolls back a transfer whose deadline passes before it commits; its retry with the same key moves the money once', async () => {
    const before = await rowCounts(ctx.db, [...MONEY_TABLES]);
    const [memberBefore, agentBefore] = [await walletBalance(ctx.db, ids.member), await walletBalance(ctx.db, ids.agent)];
    const held = holdNextCommit();
    const late = toUpline('deadline-late-0001', 5_000);
    await held.reached;
    nowMs += 5_000;
    held.release();
    const res = await late;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject(BUSY);
    expect(await rowCounts(ctx.db, [...MONEY_TABLES])).toEqual(before);
    expect(await walletBalance(ctx.db, ids.member)).toBe(memberBefore);

    const retry = (await toUpline('deadline-late-0001', 5_000)).json();
    expect(retry).toMatchObject({ success: true });
    const again = (await toUpline('deadline-late-0001', 5_000)).json();
    expect(again.value.transactionId).toBe(retry.value.transactionId);
    expect(await walletBalance(ctx.db, ids.member)).toBe(memberBefore - 1_000);
    expect(await walletBalance(ctx.db, ids.agent)).toBe(agentBefore + 1_000);
  });
});

describe('load shedding', () => {
  it('past capacity answers busy at once with Retry-After, while the queued call within its deadline succeeds', async () => {
    const held = holdNextCommit();
    const working = toUpline('shed-working-0001', 60_000);
    await held.reached;
    expect(ctx.app.platformLoad.inFlight()).toBe(1);
    const queued = ctx.app.inject({ method: 'GET', url: TRANSFER_PATHS.transferUpline, headers: asGateway(60_000) });
    await untilQueued(1);
    const refused = await ctx.app.inject({ method: 'GET', url: TRANSFER_PATHS.transferUpline, headers: asGateway(60_000) });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject(BUSY);
    held.release();
    expect((await working).json()).toMatchObject({ success: true });
    expect((await queued).json()).toMatchObject({ success: true, value: { upline: { nickname: 'Demo Agent' } } });
    expect([ctx.app.platformLoad.inFlight(), ctx.app.platformLoad.queued()]).toEqual([0, 0]);
  });
});
