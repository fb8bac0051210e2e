import { openDatabase } from '../db/database.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { convertPoints } from './points.service.ts';

/**
 * Conversions the crash test starts, races and kills (points.crash.test.ts): each member converts
 * `points` under its own key `crash-<memberId>`, one after another, on the shared PostgreSQL
 * schema. It prints `paid <memberId>` after each committed conversion (a resend of a key answers
 * the first conversion, so a later run goes through every member), then `done`, and waits to be killed.
 */
export type TPointsCrashChildArgs = { databaseUrl: string; schema: string; memberIds: number[]; points: number };
const { databaseUrl, schema, memberIds, points } = JSON.parse(process.argv[2]!) as TPointsCrashChildArgs;

const database = await openDatabase({ databaseUrl, schema });
const merchant = (await database.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as unknown as TMerchant;
const deps = { db: database.db, clock: () => new Date() } as unknown as TPlatformDeps;
const write = (line: string) => process.stdout.write(`${line}\n`);
write('ready');
for (const memberId of memberIds) {
  await convertPoints(deps, merchant, memberId, { points, key: `crash-${memberId}` });
  write(`paid ${memberId}`);
}
write('done');
setInterval(() => undefined, 60_000);
