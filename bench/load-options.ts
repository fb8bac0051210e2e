/** The site load test's command line and its goals (pure; bench/load-options.test.ts). */
import { parseArgs } from 'node:util';

export const LOAD_USAGE = `pnpm load [options]   the whole site under simulated members and agents (docs/0079)

  --members N         simulated members (default 500)
  --agents N          simulated agents opening their reports (default: one per 25 members)
  --seconds S         length of the timed part (default 60)
  --overload          twice the members (and agents) against a gateway limit set for the members asked
                      for: the run shows early "busy" answers, and no reset or unanswered call (docs/0088)
  --gateway-limit N   each gateway's GATEWAY_MAX_IN_FLIGHT (queue twice that); default its own (64),
                      with --overload one per 5 members asked for
  --gateway-wait MS   each gateway's GATEWAY_QUEUE_WAIT_MS (default its own, 2000; with --overload 1000)
  --setups LIST       embedded, cluster, or both (default: embedded, and cluster when DATABASE_URL and REDIS_URL are set)
  --think-ms MS       a person's pause between pages, ±50 % (default 2000)
  --hand-ms MS        the pause between spins, bets and polls in a game, ±50 % (default 800)
  --max-requests N    at most this many calls in a set-up's run (default members × seconds × 4)
  --help              this text

The goals (500 members: p99 ≤ 500 ms for page data, ≤ 300 ms for a spin, no error, no drift) are
for an idle machine; on a busy one the figures say how busy it was.`;

export type TLoadOptions = {
  members: number;
  agents: number;
  seconds: number;
  overload: boolean;
  /** The gateways' limits (GATEWAY_MAX_IN_FLIGHT, _MAX_QUEUED, _QUEUE_WAIT_MS); null keeps their defaults. */
  gatewayLimits: { maxInFlight: number; maxQueued: number; queueWaitMs: number } | null;
  setups: ('embedded' | 'cluster')[];
  thinkMs: number;
  handMs: number;
  maxRequests: number;
};

/** The goals of the load test (for an idle machine). */
export const LOAD_GOALS = { members: 500, pageDataP99Ms: 500, spinP99Ms: 300 } as const;

/** The command line as options; throws a message naming the bad option; null asks for the usage. */
export function parseLoadArgs(argv: string[], env: { DATABASE_URL?: string; REDIS_URL?: string }): TLoadOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      members: { type: 'string' },
      agents: { type: 'string' },
      seconds: { type: 'string' },
      overload: { type: 'boolean' },
      setups: { type: 'string' },
      'think-ms': { type: 'string' },
      'hand-ms': { type: 'string' },
      'max-requests': { type: 'string' },
      'gateway-limit': { type: 'string' },
      'gateway-wait': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return null;
  const whole = (name: string, raw: string | undefined, fallback: number, min = 1): number => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} wants a whole number of at least ${min}, not "${raw}"`);
    return n;
  };
  const overload = values.overload === true;
  const factor = overload ? 2 : 1;
  const asked = whole('members', values.members, 500);
  const members = asked * factor;
  const agents = whole('agents', values.agents, Math.ceil(members / factor / 25), 0) * factor;
  const seconds = whole('seconds', values.seconds, 60);
  const setups = (values.setups ?? (env.DATABASE_URL && env.REDIS_URL ? 'embedded,cluster' : 'embedded')).split(',').map((s) => s.trim());
  for (const s of setups) if (s !== 'embedded' && s !== 'cluster') throw new Error(`--setups knows embedded and cluster, not "${s}"`);
  if (setups.includes('cluster') && !(env.DATABASE_URL && env.REDIS_URL)) throw new Error('the cluster set-up needs DATABASE_URL and REDIS_URL');
  const limit = values['gateway-limit'] ?? (overload ? String(Math.max(1, Math.round(asked / 5))) : undefined);
  const wait = values['gateway-wait'] ?? (overload ? '1000' : undefined);
  const inFlight = whole('gateway-limit', limit, 64);
  const gatewayLimits =
    limit === undefined && wait === undefined ? null : { maxInFlight: inFlight, maxQueued: inFlight * 2, queueWaitMs: whole('gateway-wait', wait, 2000) };
  return {
    members,
    agents,
    seconds,
    overload,
    gatewayLimits,
    setups: setups as TLoadOptions['setups'],
    thinkMs: whole('think-ms', values['think-ms'], 2000, 0),
    handMs: whole('hand-ms', values['hand-ms'], 800, 0),
    maxRequests: whole('max-requests', values['max-requests'], members * seconds * 4),
  };
}
