import { buildPlatform } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { settleDueDraws } from './lottery-settle.ts';
import { builtInProvider } from './built-in-provider.ts';

/**
 * A settler the lottery crash test starts, races and kills (lottery.crash.test.ts): a platform of its
 * own on the shared PostgreSQL schema, listening on the loopback (its provider reaches the wallet
 * there, as in production), running the lottery's settlement — the body of the `lottery.settle` and
 * `lottery.sweep` jobs — over every due draw. It prints `paid <betId>` after each bet's money moved,
 * then `done`, and waits to be killed.
 */
export type TLotteryCrashChildArgs = { databaseUrl: string; schema: string };
const { databaseUrl, schema } = JSON.parse(process.argv[2]!) as TLotteryCrashChildArgs;

const database = await openDatabase({ databaseUrl, schema });
const app = await buildPlatform({ db: database.db, merchantCode: 'DEMO', gatewaySecret: 'lottery-crash' });
await app.listen({ host: '127.0.0.1', port: 0 });
const provider = builtInProvider(app, app.platform);
const write = (line: string) => process.stdout.write(`${line}\n`);
write('ready');
// Until nothing is due: a pass may leave a draw whose bet another settler holds mid-call.
for (let pass = 0; pass < 20; pass++) {
  const results = await settleDueDraws(app.platform, provider.walletFor, { onPaid: (betId) => write(`paid ${betId}`) });
  if (results.every((r) => r.state === 'settled')) break;
}
write('done');
setInterval(() => undefined, 60_000);
