import { openDatabase } from '../db/database.ts';
import { planRound, sendAll, type TCrashAccounts } from './ledger-crash.load.ts';

/**
 * The process the crash test kills (ledger.crash.test.ts). It opens the database (PGlite on disk in
 * dataDir, or PostgreSQL at databaseUrl in schema), first sends the previous round's
 * operations again (a client retrying what it may not have heard back about), then this round's,
 * printing one line per answer after its transaction committed: `ack <key> <transactionId>
 * <created>` or `refused <key>`. Then it waits to be killed.
 */
/** What the test passes as the one argument (JSON): the database, the accounts, the seed and the round. */
export type TCrashChildArgs = { databaseUrl?: string; schema?: string; dataDir: string; accounts: TCrashAccounts; seed: number; round: number };
const { databaseUrl, schema, dataDir, accounts, seed, round } = JSON.parse(process.argv[2]!) as TCrashChildArgs;

const database = databaseUrl ? await openDatabase({ databaseUrl, schema }) : await openDatabase({ dataDir });
const write = (line: string) => process.stdout.write(`${line}\n`);
const report = (phase: string) => (outcome: Parameters<Parameters<typeof sendAll>[2]>[0]) =>
  write('refused' in outcome ? `${phase}refused ${outcome.key}` : `${phase}ack ${outcome.key} ${outcome.transactionId} ${outcome.created}`);

if (round > 0) await sendAll(database.db, planRound(accounts, seed, round - 1), report('retry-'));
write('ready');
await sendAll(database.db, planRound(accounts, seed, round), report(''));
write('done');
// Stays open until killed: the test decides when this process dies.
setInterval(() => undefined, 60_000);
