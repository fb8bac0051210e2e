import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, ALL_CALLS, WPS_CODES, WPS_MESSAGES, WPS_PATHS, type TCallDescriptor, type TOperatorRole } from '@wl/schemas';
import { callKey } from '@wl/schemas/wps/call-gates';
import { usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';
import { registeredRoutes } from '../test-support/routes.ts';
import { ROLE_PERMISSIONS } from './permissions.ts';

/**
 * Who may make each declared call (docs/0076), probed at the platform for every descriptor of
 * ALL_CALLS: a call is covered the day it is declared. Each probe is refused by the actor check
 * (access/actor.ts), which runs before the input is read, so an empty request is enough and nothing
 * runs past it. The seeded demo merchant has every module on and no maintenance or region rule, so
 * the call gate lets each probe through to that check.
 */

const ctx = usePlatform();
const OPERATORS: Record<TOperatorRole, [string, string]> = {
  owner: ['demo_operator', 'Operator1234'],
  finance: ['demo_finance', 'Finance1234'],
  support: ['demo_support', 'Support1234'],
  content: ['demo_content', 'Content1234'],
};
const tokens = { member: '', trial: '', operator: {} as Record<TOperatorRole, string> };

/**
 * Every call that needs a session: visitors' and server-to-server calls prove nothing by a token. A
 * call whose input chooses its audience (the game launch) is refused or served by what it is sent:
 * its own tests probe each choice (member/member.test.ts).
 */
const GUARDED = ALL_CALLS.filter((d) => d.audience.kind !== 'visitor' && d.audience.kind !== 'server' && d.audience.kind !== 'byInput');
const ofKind = (...kinds: TCallDescriptor['audience']['kind'][]) => GUARDED.filter((d) => kinds.includes(d.audience.kind));

beforeAll(async () => {
  tokens.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  const trial = (await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })).json();
  expect(trial).toMatchObject({ success: true });
  tokens.trial = trial.value.token;
  for (const role of Object.keys(OPERATORS) as TOperatorRole[]) {
    const [username, password] = OPERATORS[role];
    const res = (await ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username, password } })).json();
    expect(res, username).toMatchObject({ success: true });
    tokens.operator[role] = res.value.token;
  }
});

/** One call with an empty input (an empty body for a write), `token` as its session: `status code message`. */
async function probe(d: TCallDescriptor, token: string | null): Promise<string> {
  const res = await ctx.app.inject({
    method: d.method,
    url: d.path.replace(/:[A-Za-z]+/g, 'x'),
    headers: token === null ? {} : { authorization: token },
    ...(d.method === 'GET' ? {} : { payload: {} }),
  });
  const body = res.json() as { code?: number; message?: string | null };
  return `${res.statusCode} ${body.code} ${body.message}`;
}

/** Each call's answer beside the expected one; only the calls that differ are listed. */
async function mismatches(calls: readonly TCallDescriptor[], token: (d: TCallDescriptor) => string | null, expected: string): Promise<string[]> {
  const out: string[] = [];
  for (const d of calls) {
    const got = await probe(d, token(d));
    if (got !== expected) out.push(`${callKey(d.method, d.path)}: ${got}, expected ${expected}`);
  }
  return out;
}

const NOT_LOGGED_IN = `401 ${WPS_CODES.notLoggedIn} ${WPS_MESSAGES.notLoggedIn}`;
const FORBIDDEN = `403 ${WPS_CODES.forbidden} ${WPS_MESSAGES.forbidden}`;

describe('declared access, every call of ALL_CALLS at the platform', () => {
  it('has a route for every declared call', () => {
    const routes = new Set(registeredRoutes(ctx.app).map((r) => callKey(r.method, r.path)));
    expect(GUARDED.length).toBeGreaterThan(0);
    expect(ALL_CALLS.map((d) => callKey(d.method, d.path)).filter((key) => !routes.has(key))).toEqual([]);
  });

  it('refuses every guarded call without a session (401)', async () => {
    expect(await mismatches(GUARDED, () => null, NOT_LOGGED_IN)).toEqual([]);
  });

  it('refuses every agent call to a member who is not an agent (463 error_not_agent)', async () => {
    const notAgent = `403 ${WPS_CODES.notAgent} ${WPS_MESSAGES.notAgent}`;
    expect(await mismatches(ofKind('agent'), () => tokens.member, notAgent)).toEqual([]);
  });

  it('refuses every real-member and agent call to a trial account (in_need_true_account)', async () => {
    const trialRefusal = `403 ${WPS_CODES.forbidden} ${WPS_MESSAGES.trialNeedsRealAccount}`;
    expect(await mismatches(ofKind('realMember', 'agent'), () => tokens.trial, trialRefusal)).toEqual([]);
  });

  it('refuses every operator call to a member session (401: members are not operators)', async () => {
    expect(await mismatches(ofKind('operator'), () => tokens.member, NOT_LOGGED_IN)).toEqual([]);
  });

  it('refuses every operator call to an operator whose role lacks its permission (403)', async () => {
    // Owners carry every permission; a permission every seeded role carries has no role to refuse.
    const lacking = (d: TCallDescriptor): TOperatorRole | undefined => {
      const permission = d.audience.kind === 'operator' ? d.audience.permission : null;
      if (permission === null) return undefined;
      return (Object.keys(ROLE_PERMISSIONS) as TOperatorRole[]).find((role) => !ROLE_PERMISSIONS[role].includes(permission));
    };
    const calls = ofKind('operator').filter((d) => lacking(d) !== undefined);
    expect(await mismatches(calls, (d) => tokens.operator[lacking(d)!], FORBIDDEN)).toEqual([]);
  });
});
