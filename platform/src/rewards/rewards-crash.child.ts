import { openDatabase } from '../db/database.ts';
import { runRewardsDaily } from './rewards.job.ts';

/**
 * A daily rewards run the crash test starts, races and kills (rewards.crash.test.ts): the body of the
 * `rewards.daily` job on the shared PostgreSQL schema, for one day. It prints `paid <memberId>` after
 * each committed effect (a member reviewed, a rebate paid), then `done`, and waits to be killed.
 */
export type TRewardsCrashChildArgs = { databaseUrl: string; schema: string; nowIso: string };
const { databaseUrl, schema, nowIso } = JSON.parse(process.argv[2]!) as TRewardsCrashChildArgs;

const database = await openDatabase({ databaseUrl, schema });
const write = (line: string) => process.stdout.write(`${line}\n`);
write('ready');
await runRewardsDaily(database.db, new Date(nowIso), { chunk: 4, onEffect: (_effect, memberId) => write(`paid ${memberId}`) });
write('done');
setInterval(() => undefined, 60_000);
