import { parseArgs } from 'node:util';
import { DEMO_PLAYERS, type TTrafficOptions } from './traffic.ts';

export const USAGE = `pnpm demo:traffic [options]   plays the built-in games for the seeded members of a running site

  --url URL          the site (default http://127.0.0.1:8080, the default brand of what pnpm start serves)
  --members N        how many seeded members play, 1-${DEMO_PLAYERS.length} (default ${DEMO_PLAYERS.length})
  --rounds N         rounds each member plays (default 50 unless --minutes is given)
  --minutes M        play for M minutes (with --rounds too: whichever ends first)
  --concurrency N    members playing at the same time (default 3)
  --games LIST       engines to play, comma-separated (default every one: slot,lottery,crash)
  --help             this text`;

const positiveInt = (name: string, value: string | undefined, fallback: number | null): number | null => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} wants a whole number above 0, not "${value}"`);
  return n;
};

/** The command line as traffic options; throws a message naming the bad option. Null: print the usage. */
export function parseTrafficArgs(argv: string[]): Omit<TTrafficOptions, 'log' | 'random' | 'signal'> | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      members: { type: 'string' },
      rounds: { type: 'string' },
      minutes: { type: 'string' },
      concurrency: { type: 'string' },
      games: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return null;
  const url = values.url ?? 'http://127.0.0.1:8080';
  if (!/^https?:\/\/[^/]/.test(url)) throw new Error(`--url wants an http(s) address, not "${url}"`);
  let minutes: number | null = null;
  if (values.minutes !== undefined) {
    minutes = Number(values.minutes);
    if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`--minutes wants a number above 0, not "${values.minutes}"`);
  }
  return {
    url,
    members: positiveInt('members', values.members, DEMO_PLAYERS.length)!,
    rounds: positiveInt('rounds', values.rounds, minutes === null ? 50 : null),
    minutes,
    concurrency: positiveInt('concurrency', values.concurrency, 3)!,
    ...(values.games
      ? {
          engines: values.games
            .split(',')
            .map((g) => g.trim())
            .filter(Boolean),
        }
      : {}),
  };
}
