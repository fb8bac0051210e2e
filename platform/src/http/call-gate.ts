import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { CALL_GATES, GATE_REFUSALS, callKey, type TCallGate } from '@wl/schemas/wps/call-gates';
import type { DB } from '../db/schema.ts';
import { resolveMerchant, type TMerchant } from './auth.ts';
import type { TPlatformDeps } from './deps.ts';
import { WpsError } from './envelope.ts';

/**
 * Switches the server obeys (docs/0069): one preHandler hook refuses, before any handler runs, a
 * call whose whitelabel module is off, a money or game call during maintenance, and a client call
 * from a restricted region, each as CALL_GATES (schemas) declares. Operator calls, the calls that
 * show the maintenance and region pages, and providers' server calls are served.
 */

/** A route the table does not know yet is treated as a client money call: refused in every state but the normal one. */
const UNDECLARED: TCallGate = { method: 'GET', path: '', modules: [], kind: 'money', region: 'refuse' };

/**
 * The region rule for one caller. The embedded platform has no geolocation: the merchant's switch
 * says that every client is in a restricted region (as system status answers 2 to everyone). The
 * caller's address is the gateway-vouched one (docs/0009), so a lookup by address belongs here.
 */
export function isRegionRestricted(merchant: Pick<TMerchant, 'region_restriction'>, _clientIp: string): boolean {
  return merchant.region_restriction;
}

/** modIds that are on: the node and every ancestor enabled (as the gateway's composer reads the tree). */
export async function modulesOn(db: Kysely<DB>, merchantId: number): Promise<ReadonlySet<string>> {
  const rows = await db.selectFrom('whitelabel_nodes').select(['id', 'parent_id', 'mod_id', 'enabled']).where('merchant_id', '=', merchantId).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const on = new Set<string>();
  for (const row of rows) {
    let node: (typeof rows)[number] | undefined = row;
    let enabled = true;
    // Bounded by the row count: a cycle (never written by the platform) cannot loop forever.
    for (let hops = 0; node && enabled && hops <= rows.length; hops++) {
      enabled = node.enabled;
      node = node.parent_id === null ? undefined : byId.get(node.parent_id);
    }
    if (enabled && node === undefined) on.add(row.mod_id);
  }
  return on;
}

/**
 * The merchants' switches, read once per config version. Every change of a whitelabel node bumps
 * the merchant's config_version in its transaction (operator.queries.ts), and the gate reads the
 * merchant row anyway (the handler used to read it; now both share one read): a change committed by
 * any process is seen by the next call, with no query per call while nothing changes.
 */
export class ModuleSwitchCache {
  private readonly byMerchant = new Map<number, { version: number; on: Promise<ReadonlySet<string>> }>();

  constructor(private readonly db: Kysely<DB>) {}

  on(merchant: Pick<TMerchant, 'id' | 'config_version'>): Promise<ReadonlySet<string>> {
    const cached = this.byMerchant.get(merchant.id);
    if (cached && cached.version === merchant.config_version) return cached.on;
    // Read after the merchant row: the switches are at least as new as the version they are kept under.
    const on = modulesOn(this.db, merchant.id);
    const entry = { version: merchant.config_version, on };
    this.byMerchant.set(merchant.id, entry);
    on.catch(() => {
      if (this.byMerchant.get(merchant.id) === entry) this.byMerchant.delete(merchant.id);
    });
    return on;
  }
}

const refusal = (kind: keyof typeof GATE_REFUSALS) => new WpsError(GATE_REFUSALS[kind].code, GATE_REFUSALS[kind].message);

/** The gate of the route a request matched (HEAD is its GET); null for no route (the not-found answer). */
function gateOf(gates: ReadonlyMap<string, TCallGate>, request: FastifyRequest): TCallGate | null {
  const path = request.routeOptions.url;
  if (path === undefined) return null;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return gates.get(callKey(method, path)) ?? UNDECLARED;
}

/** Registers the gate; call it before any route so that every route, in every scope, passes through it. */
export function registerCallGate(app: FastifyInstance, deps: TPlatformDeps, gates: readonly TCallGate[] = CALL_GATES): ModuleSwitchCache {
  const byKey = new Map(gates.map((gate) => [callKey(gate.method, gate.path), gate]));
  const switches = new ModuleSwitchCache(deps.db);
  app.addHook('preHandler', async (request) => {
    const gate = gateOf(byKey, request);
    if (!gate || (gate.region === 'serve' && gate.kind === null && gate.modules.length === 0)) return;
    const merchant = await resolveMerchant(deps, request);
    if (gate.region === 'refuse' && isRegionRestricted(merchant, request.wlClientIp)) throw refusal('region');
    if (gate.kind !== null && merchant.maintenance) throw refusal('maintenance');
    if (gate.modules.length === 0) return;
    const on = await switches.on(merchant);
    if (gate.modules.some((module) => !on.has(module))) throw refusal('module');
  });
  return switches;
}
