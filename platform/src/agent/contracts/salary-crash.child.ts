import { openDatabase } from '../../db/database.ts';
import { settleDueContracts } from './contract-settlement.ts';

/**
 * A settler the salary crash test starts, races and kills (salary.crash.test.ts): the body of the
 * `agent.salary.settle` job on the shared PostgreSQL schema, at the test's `now`. It prints
 * `paid <settlementId>` after each paid period committed, then `done`, and waits to be killed.
 */
export type TSalaryCrashChildArgs = { databaseUrl: string; schema: string; now: string };
const { databaseUrl, schema, now } = JSON.parse(process.argv[2]!) as TSalaryCrashChildArgs;

const database = await openDatabase({ databaseUrl, schema });
const write = (line: string) => process.stdout.write(`${line}\n`);
write('ready');
await settleDueContracts(database.db, { now: new Date(now), windowSeconds: 300, onPaid: (id) => write(`paid ${id}`) });
write('done');
setInterval(() => undefined, 60_000);
