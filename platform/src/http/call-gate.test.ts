import { TableNode, type KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_PATHS, WPS_PATHS, type TWhitelabelNode } from '@wl/schemas';
import { CALL_GATES, GATE_REFUSALS, SECTION_MODULES, callKey, gatingModules, type TCallGate } from '@wl/schemas/wps/call-gates';
import type { FastifyInstance } from 'fastify';
import { buildPlatform } from '../app.ts';
import { rowCounts, seededDatabase, usePlatform } from '../test-support/db.ts';
import { TEST_GATEWAY_SECRET, encryptedLogin, fromClientIp, loginToken } from '../test-support/http.ts';
import { approvedChange, operatorToken as ownerToken, SECOND_OWNER } from '../test-support/operators.ts';
import { registeredRoutes } from '../test-support/routes.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

/**
 * Switches the server obeys (docs/0069): every module switch, maintenance and the region rule,
 * enumerated over every call of CALL_GATES, at the platform. Before, they only hid menu entries.
 */

const ctx = usePlatform();
const tokens = { member: '', agent: '', operator: '', owner2: '' };
/** A client address the gateway vouches for (the region rule's caller). */
const CLIENT_IP = '203.0.113.7';

async function operatorToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username: 'demo_operator', password: 'Operator1234' } });
  return res.json().value.token as string;
}

beforeAll(async () => {
  tokens.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  tokens.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  tokens.operator = await operatorToken(ctx.app);
  tokens.owner2 = await ownerToken(ctx.app, SECOND_OWNER.username, SECOND_OWNER.password);
});

const tokenFor = (path: string): string =>
  path.startsWith('/wps/operator/') ? tokens.operator : path.startsWith('/wps/agent/') ? tokens.agent : tokens.member;

type TAnswer = { status: number; body: { success?: boolean; code?: number; message?: string | null } | null };

/**
 * Calls a gate's route with an empty body. `asCaller`: with the session its audience needs and the
 * gateway-vouched client address, as a real call would come; else bare (no session: nothing runs
 * past the handler's own checks, so no session ends and no money moves).
 */
async function send(gate: TCallGate, asCaller: boolean): Promise<TAnswer> {
  const res = await ctx.app.inject({
    method: gate.method,
    url: gate.path.replace(/:[A-Za-z]+/g, 'x.svg'),
    headers: asCaller ? { authorization: tokenFor(gate.path), ...fromClientIp(CLIENT_IP) } : {},
    ...(gate.method === 'GET' ? {} : { payload: {} }),
  });
  let body: TAnswer['body'] = null;
  try {
    body = res.json();
  } catch {
    // A page (the demo game page) answers HTML.
  }
  return { status: res.statusCode, body };
}

const refusedBy = (answer: TAnswer, kind: keyof typeof GATE_REFUSALS): boolean =>
  answer.body?.success === false && answer.body.code === GATE_REFUSALS[kind].code && answer.body.message === GATE_REFUSALS[kind].message;

const label = (gate: TCallGate) => callKey(gate.method, gate.path);

/** A console change made live; a sensitive one (a login or recovery flag) after the second owner's approval (docs/0127). */
async function operatorPut(url: string, payload: object): Promise<void> {
  const res = await approvedChange(ctx.app, { author: tokens.operator, approver: tokens.owner2 }, { url, payload });
  expect(res.json, `${url} ${JSON.stringify(payload)}`).toMatchObject({ success: true });
}
const setModule = (modId: string, enabled: boolean) => operatorPut(WPS_PATHS.operatorWhitelabel, { modId, enabled });
const setSystem = (change: { maintenance?: boolean; regionRestriction?: boolean }) => operatorPut(WPS_PATHS.operatorSystem, change);

/** The modIds in a node's subtree (itself included): switching the node off switches them all off. */
function subtreeOf(tree: readonly TWhitelabelNode[], modId: string): Set<string> {
  const out = new Set<string>();
  const collect = (node: TWhitelabelNode) => {
    out.add(node.modId);
    node.childrenNodes.forEach(collect);
  };
  const find = (nodes: readonly TWhitelabelNode[]): void => {
    for (const node of nodes) {
      if (node.modId === modId) collect(node);
      else find(node.childrenNodes);
    }
  };
  find(tree);
  return out;
}

describe('the table covers every route', () => {
  it('names every route the platform registers, and only those', () => {
    const routes = registeredRoutes(ctx.app).map((r) => callKey(r.method, r.path));
    expect(routes.length).toBeGreaterThan(100);
    const declared = CALL_GATES.map(label);
    expect(new Set(declared).size, 'each call once').toBe(declared.length);
    expect(
      routes.filter((r) => !declared.includes(r)),
      'routes missing from CALL_GATES (schemas/src/wps/call-gates.ts)',
    ).toEqual([]);
    expect(
      declared.filter((d) => !routes.includes(d)),
      'CALL_GATES entries with no route',
    ).toEqual([]);
  });

  it('gates by modules the seed creates, each under its section', async () => {
    const tree = (await ctx.app.inject({ url: WPS_PATHS.whitelabel })).json().value as TWhitelabelNode[];
    const all = subtreeOf([{ modId: 'ROOT', name: '', enabled: '1', childrenNodes: tree }], 'ROOT');
    for (const module of [...gatingModules(), ...SECTION_MODULES]) expect(all.has(module), module).toBe(true);
  });
});

describe('module switches', () => {
  it('turning each module off refuses every call it gates (543 error_feature_off) and no other call', async () => {
    const tree = (await ctx.app.inject({ url: WPS_PATHS.whitelabel })).json().value as TWhitelabelNode[];
    const modules = [...gatingModules(), ...SECTION_MODULES];
    let refusals = 0;
    for (const module of modules) {
      const off = subtreeOf(tree, module);
      await setModule(module, false);
      try {
        for (const gate of CALL_GATES) {
          if (gate.modules.some((m) => off.has(m))) {
            expect(refusedBy(await send(gate, true), 'module'), `${module} off: ${label(gate)}`).toBe(true);
            refusals++;
          } else if (gate.modules.length > 0) {
            // The other modules' calls pass the gate (bare: the handler's own checks answer, quickly).
            expect(refusedBy(await send(gate, false), 'module'), `${module} off must not refuse ${label(gate)}`).toBe(false);
          }
        }
        // A call no module gates keeps working with the caller's session.
        expect((await ctx.app.inject({ url: WPS_PATHS.balance, headers: { authorization: tokens.member } })).json(), `${module} off`).toMatchObject({
          success: true,
        });
      } finally {
        await setModule(module, true);
      }
    }
    // Every gated call was refused by at least its own module.
    expect(refusals).toBeGreaterThanOrEqual(CALL_GATES.filter((g) => g.modules.length > 0).length);
  });

  it('serves a gated call again once its module is back on, and a refusal changes nothing', async () => {
    const channels = () => ctx.app.inject({ url: DEPOSIT_PATHS.depositChannels, headers: { authorization: tokens.member } });
    expect((await channels()).json()).toMatchObject({ success: true });
    await setModule('DEPOSIT3', false);
    try {
      expect((await channels()).json()).toMatchObject({ success: false, code: 543, message: 'error_feature_off' });
      const before = await rowCounts(ctx.db, ['deposits', 'ledger_entries']);
      const channelId = (await ctx.db.selectFrom('deposit_channels').where('merchant_id', '=', demoMerchantId(ctx.db)).select('id').executeTakeFirstOrThrow())
        .id;
      const create = await ctx.app.inject({
        method: 'POST',
        url: DEPOSIT_PATHS.deposit,
        headers: { authorization: tokens.member },
        payload: { channelId, amountMinor: 100_000, key: 'gate-test-1' },
      });
      expect(create.json()).toMatchObject({ success: false, code: 543, message: 'error_feature_off' });
      expect(await rowCounts(ctx.db, ['deposits', 'ledger_entries'])).toEqual(before);
    } finally {
      await setModule('DEPOSIT3', true);
    }
    expect((await channels()).json()).toMatchObject({ success: true });
  });
});

describe('maintenance', () => {
  it('refuses every money and game call (543 error_maintenance) and serves every other call', async () => {
    await setSystem({ maintenance: true });
    try {
      for (const gate of CALL_GATES) {
        if (gate.kind !== null) expect(refusedBy(await send(gate, true), 'maintenance'), label(gate)).toBe(true);
        else expect(refusedBy(await send(gate, gate.method === 'GET'), 'maintenance'), `must serve ${label(gate)}`).toBe(false);
      }
      // Operators keep working: a fresh login and the console's config.
      const operator = await operatorToken(ctx.app);
      const config = await ctx.app.inject({ url: WPS_PATHS.operatorSystem, headers: { authorization: operator } });
      expect(config.json()).toMatchObject({ success: true, value: { maintenance: true } });
      expect((await ctx.app.inject({ url: WPS_PATHS.systemStatus })).json()).toMatchObject({ success: true, value: { status: 1 } });
    } finally {
      await setSystem({ maintenance: false });
    }
  });
});

describe('the region rule', () => {
  it('refuses every client call (543 error_region_restricted) but the status pages, operators and providers', async () => {
    await setSystem({ regionRestriction: true });
    try {
      for (const gate of CALL_GATES) {
        if (gate.region === 'refuse') expect(refusedBy(await send(gate, true), 'region'), label(gate)).toBe(true);
        else expect(refusedBy(await send(gate, gate.method === 'GET'), 'region'), `must serve ${label(gate)}`).toBe(false);
      }
      // The region page: status 2 with the address the gateway vouched for.
      const status = await ctx.app.inject({ url: WPS_PATHS.systemStatus, headers: fromClientIp(CLIENT_IP) });
      expect(status.json()).toMatchObject({ success: true, value: { status: 2, ip: CLIENT_IP } });
      // A member cannot log in; an operator can, and can lift the rule.
      expect((await encryptedLogin(ctx.app, { username: 'demo_member', password: 'Demo1234' }, fromClientIp(CLIENT_IP))).json()).toMatchObject({
        success: false,
        code: 543,
        message: 'error_region_restricted',
      });
      expect(await operatorToken(ctx.app)).toEqual(expect.any(String));
    } finally {
      await setSystem({ regionRestriction: false });
    }
    expect((await ctx.app.inject({ url: WPS_PATHS.balance, headers: { authorization: tokens.member } })).json()).toMatchObject({ success: true });
  });
});

describe('the switches are read once per config version', () => {
  it('adds no query per call: one merchant read per call (shared with the handler), the switches once per version', async () => {
    const database = await seededDatabase();
    const reads = new Map<string, number>();
    const counter: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode') {
          for (const from of node.from?.froms ?? []) {
            if (TableNode.is(from)) reads.set(from.table.identifier.name, (reads.get(from.table.identifier.name) ?? 0) + 1);
          }
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const app = await buildPlatform({ db: database.db.withPlugin(counter), merchantCode: 'DEMO', gatewaySecret: TEST_GATEWAY_SECRET });
    try {
      const member = await loginToken(app, 'demo_member', 'Demo1234');
      const operator = await operatorToken(app);
      const channels = () => app.inject({ url: DEPOSIT_PATHS.depositChannels, headers: { authorization: member } });
      reads.clear();
      const CALLS = 20;
      for (let i = 0; i < CALLS; i++) expect((await channels()).json()).toMatchObject({ success: true });
      expect(reads.get('merchants')).toBe(CALLS);
      expect(reads.get('whitelabel_nodes')).toBe(1);
      const flip = await app.inject({
        method: 'PUT',
        url: WPS_PATHS.operatorWhitelabel,
        headers: { authorization: operator },
        payload: { modId: 'DEPOSIT3', enabled: false },
      });
      expect(flip.json()).toMatchObject({ success: true });
      reads.clear();
      for (let i = 0; i < CALLS; i++) expect((await channels()).json()).toMatchObject({ success: false, message: 'error_feature_off' });
      expect(reads.get('whitelabel_nodes')).toBe(1);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
