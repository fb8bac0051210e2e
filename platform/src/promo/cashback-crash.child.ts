import { openDatabase } from '../db/database.ts';
import { runCashback } from './cashback.job.ts';

/**
 * A cashback run the crash test starts, races and kills (cashback.crash.test.ts): the body of the
 * `promo.cashback` job on the shared PostgreSQL schema, five members a transaction. It prints
 * `paid <memberId>` for each member of a committed transaction, then `done`, and waits to be killed.
 */
export type TCashbackCrashChildArgs = { databaseUrl: string; schema: string; nowIso: string };
const { databaseUrl, schema, nowIso } = JSON.parse(process.argv[2]!) as TCashbackCrashChildArgs;

const database = await openDatabase({ databaseUrl, schema });
const write = (line: string) => process.stdout.write(`${line}\n`);
write('ready');
await runCashback(database.db, new Date(nowIso), { chunk: 5, onCommitted: (ids) => ids.forEach((id) => write(`paid ${id}`)) });
write('done');
setInterval(() => undefined, 60_000);
