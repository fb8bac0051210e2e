import { openDatabase } from '../db/database.ts';
import { publishDue } from './config-changes.service.ts';

/**
 * The scheduled publishes the crash test starts, races and kills (config-changes.crash.test.ts): one
 * run of the job's work (`publishDue`) at `now` on the shared PostgreSQL schema. It prints
 * `paid <draftId>` after each committed publish, then `done`, and waits to be killed.
 */
export type TConfigPublishCrashChildArgs = { databaseUrl: string; schema: string; now: string };
const { databaseUrl, schema, now } = JSON.parse(process.argv[2]!) as TConfigPublishCrashChildArgs;

const database = await openDatabase({ databaseUrl, schema });
const write = (line: string) => process.stdout.write(`${line}\n`);
write('ready');
await publishDue({ db: database.db }, new Date(now), (id) => write(`paid ${id}`));
write('done');
setInterval(() => undefined, 60_000);
