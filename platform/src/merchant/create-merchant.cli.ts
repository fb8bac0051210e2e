import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { withStartLock } from '../db/start-lock.ts';
import { platformEnv, takeOwnerPasswordFromEnv } from '../env.ts';
import { BRAND_PALETTES, OPERATOR_ROLES } from '@wl/schemas';
import { addMerchantHosts, grantOperatorBrand, createMerchant, createMerchantInputError, CreateMerchantError, hostsError } from './create-merchant.ts';

// `pnpm merchant:create --code <CODE> --owner <username> [--name <brand>] [--host <name>]… [--palette <palette>]`
// (README, docs/0065, docs/0131): migrates the database of DATABASE_URL (else the PGlite folder
// PLATFORM_DATA_DIR) and creates a real merchant with its first owner operator, nothing of the demo,
// served at its host names in its palette. The password comes from MERCHANT_OWNER_PASSWORD, else is
// typed twice at the terminal without echo, else is the first line of standard input; it is never
// printed or logged. `--code <CODE> --add-host <name>…` adds host names to an existing merchant;
// `--code <CODE> --grant <FROM>:<username> --role <role>` lets an operator of FROM work for CODE (docs/0135).

const USAGE =
  `usage: pnpm merchant:create --code <CODE> --owner <username> [--name <brand name>] [--host <name>]… [--palette ${BRAND_PALETTES.join('|')}]\n` +
  '       pnpm merchant:create --code <CODE> --add-host <name>…\n' +
  `       pnpm merchant:create --code <CODE> --grant <FROM CODE>:<operator username> --role ${OPERATOR_ROLES.join('|')}\n` +
  '  the owner password: MERCHANT_OWNER_PASSWORD, else typed at the prompt (not shown), else the first line of standard input';

/** Reads a line from the terminal without echoing it (raw mode: every key arrives as typed). */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (err: Error | null) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish(null);
        if (ch === '\u0003' || ch === '\u0004') return finish(new CreateMerchantError('cancelled; nothing was changed'));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of a piped standard input. */
async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function ownerPassword(): Promise<string> {
  const fromEnv = takeOwnerPasswordFromEnv();
  if (fromEnv !== undefined) return fromEnv;
  if (process.stdin.isTTY) {
    const first = await promptHidden('Owner password (not shown): ');
    const again = await promptHidden('The same again: ');
    if (first !== again) throw new CreateMerchantError('the two passwords differ; nothing was changed');
    return first;
  }
  const line = await firstLineOfStdin();
  if (line === '') throw new CreateMerchantError('no owner password: set MERCHANT_OWNER_PASSWORD or run the command at a terminal');
  return line;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // `pnpm merchant:create -- --code …` passes the separator through.
  if (args[0] === '--') args.shift();
  let values: { code?: string; owner?: string; name?: string; host?: string[]; palette?: string; 'add-host'?: string[]; grant?: string; role?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        code: { type: 'string' },
        owner: { type: 'string' },
        name: { type: 'string' },
        host: { type: 'string', multiple: true },
        palette: { type: 'string' },
        'add-host': { type: 'string', multiple: true },
        grant: { type: 'string' },
        role: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    console.error(`merchant:create: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.grant !== undefined || values.role !== undefined) {
    const [from, username, ...rest] = (values.grant ?? '').split(':');
    if (
      !values.code ||
      !from ||
      !username ||
      rest.length > 0 ||
      !values.role ||
      values.owner ||
      values.name ||
      values.host ||
      values.palette ||
      values['add-host']
    ) {
      console.error(`merchant:create: --grant <FROM>:<username> takes --code and --role and nothing else\n${USAGE}`);
      return 2;
    }
    return grantTo({ code: values.code, from, username, role: values.role });
  }
  const addHosts = values['add-host'];
  if (addHosts) {
    if (!values.code || values.owner || values.name || values.host || values.palette) {
      console.error(`merchant:create: --add-host takes --code and nothing else\n${USAGE}`);
      return 2;
    }
    return addHostsTo(values.code, addHosts);
  }
  if (!values.code || !values.owner) {
    console.error(`merchant:create: --code and --owner are required\n${USAGE}`);
    return 2;
  }
  const password = await ownerPassword();
  const input = {
    code: values.code,
    name: values.name ?? values.code,
    ownerUsername: values.owner,
    ownerPassword: password,
    hosts: values.host ?? [],
    ...(values.palette === undefined ? {} : { palette: values.palette }),
  };
  // Checked before the database opens: a bad password costs no migration.
  const problem = createMerchantInputError(input);
  if (problem) throw new CreateMerchantError(`${problem}; nothing was changed`);
  const database = await openDatabase({ databaseUrl: platformEnv.databaseUrl, dataDir: platformEnv.dataDir });
  try {
    // Under the start lock: a site starting on the same PostgreSQL takes its turn (docs/0023).
    const created = await withStartLock(database, async (db) => {
      await migrate(db);
      return createMerchant(db, input);
    });
    const where = platformEnv.databaseUrl ? 'DATABASE_URL' : platformEnv.dataDir;
    console.log(
      `merchant ${input.code} created in ${where} with owner operator ${input.ownerUsername} (id ${created.ownerId}), no demo accounts and no channel that settles by itself.`,
    );
    const hosts = created.hosts.length > 0 ? `served at ${created.hosts.join(', ')}` : "no host name (reached as a deployment's MERCHANT_CODE)";
    console.log(`Brand: palette ${created.palette}, ${hosts}.`);
    console.log(`Start it with: NODE_ENV=production MERCHANT_CODE=${input.code} pnpm start`);
    return 0;
  } finally {
    await database.close();
  }
}

/** `--code <CODE> --add-host <name>…`: host names for an existing merchant (docs/0131). */
async function addHostsTo(code: string, hosts: string[]): Promise<number> {
  // Checked before the database opens, as the create's input.
  const problem = hostsError(hosts);
  if (problem) throw new CreateMerchantError(`${problem}; nothing was changed`);
  const database = await openDatabase({ databaseUrl: platformEnv.databaseUrl, dataDir: platformEnv.dataDir });
  try {
    const { added } = await withStartLock(database, async (db) => {
      await migrate(db);
      return addMerchantHosts(db, code, hosts);
    });
    console.log(
      added.length > 0 ? `merchant ${code} is now served at ${added.join(', ')} too.` : `merchant ${code} has those hosts already; nothing was changed.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** `--code <CODE> --grant <FROM>:<username> --role <role>`: an operator of FROM works for CODE too (docs/0135). */
async function grantTo(grant: { code: string; from: string; username: string; role: string }): Promise<number> {
  const database = await openDatabase({ databaseUrl: platformEnv.databaseUrl, dataDir: platformEnv.dataDir });
  try {
    const done = await withStartLock(database, async (db) => {
      await migrate(db);
      return grantOperatorBrand(db, grant);
    });
    console.log(
      done.changed
        ? `operator ${grant.username} of ${grant.from} now works for ${grant.code} as ${done.role}: it signs in there with its own password.`
        : `operator ${grant.username} of ${grant.from} works for ${grant.code} as ${done.role} already; nothing was changed.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // Only the message: an error never carries the password (createMerchantInputError never quotes it).
    console.error(`merchant:create: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
