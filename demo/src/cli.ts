/**
 * `pnpm demo:traffic`: plays the built-in games for the seeded members of a running site, through
 * its public API, so a fresh install shows live records, reports and boards (docs/0043).
 */
import { parseTrafficArgs, USAGE } from './options.ts';
import { runTraffic, type TTrafficSummary } from './traffic.ts';

function money(minor: number, symbol: string): string {
  const amount = (Math.abs(minor) / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${minor < 0 ? '-' : ''}${symbol}${amount}`;
}

export function formatSummary(s: TTrafficSummary): string {
  const lines = [
    `${s.members} members played ${s.rounds} rounds in ${s.seconds} s`,
    `total bet ${money(s.totalBetMinor, s.currencySymbol)}, total won ${money(s.totalWonMinor, s.currencySymbol)}, house result ${money(s.totalBetMinor - s.totalWonMinor, s.currencySymbol)}`,
    ...Object.entries(s.byEngine).map(
      ([engine, t]) => `  ${engine}: ${t.rounds} rounds, bet ${money(t.betMinor, s.currencySymbol)}, won ${money(t.wonMinor, s.currencySymbol)}`,
    ),
  ];
  if (s.topUps > 0) lines.push(`${s.topUps} deposits on the simulated channel when money ran out`);
  if (s.backoff.waits > 0) lines.push(`waited ${s.backoff.waits} times (${(s.backoff.waitedMs / 1000).toFixed(1)} s) for the site's rate limits`);
  for (const m of s.stopped) lines.push(`${m.username} stopped early: ${m.reason}`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseTrafficArgs(process.argv.slice(2).filter((a) => a !== '--'));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => {
    console.log('stopping: each member finishes its round and closes its game');
    stop.abort();
  });
  console.log(`playing on ${options.url}`);
  const summary = await runTraffic({ ...options, signal: stop.signal, log: (line) => console.log(line) });
  console.log(formatSummary(summary));
  return summary.rounds > 0 ? 0 : 1;
}

process.exitCode = await main();
