import { openDatabase } from '../db/database.ts';
import { runLeaderboardPrizes } from './leaderboards.ts';

/**
 * Prize runs the crash test starts, races and kills (leaderboards.crash.test.ts): one run of the
 * job on the shared PostgreSQL schema, printing `paid <boardId>` after each board period's
 * transaction (a period paid already is passed, so a later run goes through every board), then
 * `done`, and waits to be killed.
 */
export type TLeaderboardCrashChildArgs = { databaseUrl: string; schema: string };
const { databaseUrl, schema } = JSON.parse(process.argv[2]!) as TLeaderboardCrashChildArgs;

const database = await openDatabase({ databaseUrl, schema });
const write = (line: string) => process.stdout.write(`${line}\n`);
write('ready');
await runLeaderboardPrizes(database.db, new Date(), (boardId) => write(`paid ${boardId}`));
write('done');
setInterval(() => undefined, 60_000);
