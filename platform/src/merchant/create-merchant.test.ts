import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_MESSAGES, DEPOSIT_PATHS, WPS_PATHS } from '@wl/schemas';
import { openDatabase } from '../db/database.ts';
import { startEmbeddedPlatform } from '../embedded.ts';
import { platformEnv, REPO_ROOT } from '../env.ts';
import { DEMO_ACCOUNTS, DEMO_ROLE_OPERATORS } from '../seed/seed.ts';
import { addMerchantHosts, createMerchant, createMerchantInputError } from './create-merchant.ts';
import { createTestDatabase } from '../test-support/pg-schema.ts';
import { childScript } from '../test-support/child-script.ts';

// docs/0065: `pnpm merchant:create`, run for real (the root script, through npm, in a process of its
// own) against a PGlite folder, or with DATABASE_URL a new PostgreSQL database; then a production
// start on what it made.

const CLI = fileURLToPath(new URL('./create-merchant.cli.ts', import.meta.url));
const rootScript = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
  'merchant:create'
];
const CODE = 'REAL1';
const OWNER = 'owner_alice';
const PASSWORD = 'Correct-Horse-7-Battery';

type TTarget = { env: Record<string, string>; where: { dataDir: string } | { databaseUrl: string }; drop(): Promise<void> };
let target: TTarget;

async function newTarget(): Promise<TTarget> {
  if (platformEnv.databaseUrl) {
    const fresh = await createTestDatabase(platformEnv.databaseUrl);
    return { env: { DATABASE_URL: fresh.url }, where: { databaseUrl: fresh.url }, drop: fresh.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-merchant-create-'));
  return { env: { PLATFORM_DATA_DIR: dataDir }, where: { dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * Runs the command with these arguments, environment and standard input, in a process of its own:
 * through the root script `merchant:create` and npm (`viaNpm`, as README says), else the same file
 * bundled for plain Node (the crash tests' child script, docs/0107): npm's and tsx's start-up cost
 * seconds of CPU a run on a loaded machine.
 */
async function merchantCreate(args: string[], env: Record<string, string>, input = '', viaNpm = false): Promise<{ code: number | null; out: string }> {
  const base = { ...process.env };
  for (const k of ['DATABASE_URL', 'PLATFORM_DATA_DIR', 'MERCHANT_OWNER_PASSWORD', 'NODE_ENV']) delete base[k];
  const [command, commandArgs] = viaNpm
    ? ['npm', ['run', '--silent', 'merchant:create', '--', ...args]]
    : [process.execPath, [await childScript(CLI), ...args]];
  const child = spawn(command, commandArgs, {
    cwd: REPO_ROOT,
    env: { ...base, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Reads the database the command wrote (the platform must be closed: a PGlite folder admits one process). */
async function inspect<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase(target.where);
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  target = await newTarget();
});
afterAll(async () => {
  await target?.drop();
});

describe('pnpm merchant:create', () => {
  it('refuses bad input before touching the database, never echoing the password', async () => {
    // The rules, in process; the command checks them before it opens the database.
    const good = { code: CODE, name: 'Real', ownerUsername: OWNER, ownerPassword: PASSWORD };
    expect(createMerchantInputError(good)).toBeNull();
    // Host names are taken as a browser sends them: any case, stored lower case.
    expect(createMerchantInputError({ ...good, hosts: ['Real.Example', 'www.real-bazaar.example'], palette: 'ruby' })).toBeNull();
    for (const [bad, message] of [
      [{ code: 'bad code' }, /merchant code/],
      [{ code: 'X'.repeat(33) }, /merchant code/],
      [{ name: ' ' }, /merchant name/],
      [{ name: 'a\u0000b' }, /merchant name/],
      [{ ownerUsername: 'demo_operator' }, /must not start with demo_/],
      [{ ownerUsername: '1owner' }, /owner username/],
      [{ ownerPassword: 'Short1' }, /12–128 characters/],
      [{ ownerPassword: 'x'.repeat(129) }, /12–128 characters/],
      [{ ownerPassword: 'long-enough\u0000pw' }, /control characters/],
      [{ ownerPassword: `x${OWNER.toUpperCase()}yz1234` }, /must not contain the username/],
      [{ palette: 'purple' }, /palette must be one of gold, emerald, ruby/],
      [{ hosts: ['real.example', 'real.example:8080'] }, /"real\.example:8080" is not a host name/],
      [{ hosts: ['https://real.example'] }, /is not a host name/],
      [{ hosts: ['bad_host.example'] }, /is not a host name/],
      [{ hosts: ['-real.example'] }, /is not a host name/],
    ] as const) {
      const problem = createMerchantInputError({ ...good, ...bad });
      expect(problem).toMatch(message);
      if ('ownerPassword' in bad) expect(problem).not.toContain(bad.ownerPassword);
    }
    // The command itself: no owner; a short password (not echoed); no password at all (no variable,
    // no terminal, nothing on standard input).
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--code', CODE], { MERCHANT_OWNER_PASSWORD: PASSWORD }, /--code and --owner are required/],
      [['--code', CODE, '--owner', OWNER], { MERCHANT_OWNER_PASSWORD: 'Short-pw-1' }, /12–128 characters; nothing was changed/],
      [['--code', CODE, '--owner', OWNER], {}, /no owner password/],
      [['--code', CODE, '--owner', OWNER, '--host', 'real.example:8080'], { MERCHANT_OWNER_PASSWORD: PASSWORD }, /is not a host name.*; nothing was changed/],
    ];
    // They touch no database, so they may run at once.
    const results = await Promise.all(cases.map(([args, env]) => merchantCreate(args, { ...target.env, ...env })));
    cases.forEach(([, env, message], i) => {
      const res = results[i]!;
      expect(res.code, res.out).not.toBe(0);
      expect(res.out).toMatch(message);
      if (env.MERCHANT_OWNER_PASSWORD) expect(res.out).not.toContain(env.MERCHANT_OWNER_PASSWORD);
    });
    // Nothing was created: on PGlite not even the data folder's database.
    if ('dataDir' in target.where) expect(fs.existsSync(path.join(target.where.dataDir, 'pgdata'))).toBe(false);
  });

  it('makes a merchant a production start accepts, with its owner and nothing of the demo: no demo account, no demo channel, no auto-settle', async () => {
    // The root script, through npm, as README says: the file the other runs start straight away.
    expect(rootScript).toBe(`tsx ${path.relative(REPO_ROOT, CLI)}`);
    const res = await merchantCreate(
      ['--code', CODE, '--owner', OWNER, '--name', 'Real Bazaar', '--host', 'Real.Example', '--host', 'www.real.example', '--palette', 'ruby'],
      { ...target.env, MERCHANT_OWNER_PASSWORD: PASSWORD },
      '',
      true,
    );
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`merchant ${CODE} created`);
    expect(res.out).toContain('Brand: palette ruby, served at real.example, www.real.example.');
    expect(res.out).not.toContain(PASSWORD);

    const platform = await startEmbeddedPlatform({ ...target.where, production: true, merchantCode: CODE, jobs: false });
    try {
      const login = async (username: string, password: string) =>
        (
          await fetch(`${platform.url}${WPS_PATHS.operatorLogin}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password }),
          })
        ).json() as Promise<{
          success: boolean;
          value: { token: string } | null;
        }>;
      const owner = await login(OWNER, PASSWORD);
      expect(owner.success).toBe(true);
      expect((await login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).success).toBe(false);
      const auth = { authorization: owner.value!.token, 'content-type': 'application/json' };
      const settings = ((await (await fetch(`${platform.url}${DEPOSIT_PATHS.operatorMoneySettings}`, { headers: auth })).json()) as { value: unknown })
        .value as { channels: { id: number; code: string; autoSettleSeconds: number | null; enabled: boolean }[] };
      // Only channels an operator approves, switched off until the owner takes them on.
      expect(settings.channels.map((c) => [c.code, c.autoSettleSeconds, c.enabled])).toEqual([
        ['bkash', null, false],
        ['nagad', null, false],
        ['rocket', null, false],
        ['bank', null, false],
      ]);
      // Not even the owner can make one settle by itself.
      const put = await fetch(`${platform.url}${DEPOSIT_PATHS.operatorMoneySettings}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ channels: [{ id: settings.channels[0]!.id, autoSettleSeconds: 5, enabled: true }] }),
      });
      expect([put.status, ((await put.json()) as { value: unknown }).value]).toEqual([
        400,
        { field: 'channels.0.autoSettleSeconds', issue: DEPOSIT_MESSAGES.autoSettleDemoOnly },
      ]);
    } finally {
      await platform.close();
    }

    const found = await inspect(async (db) => ({
      merchants: await db.selectFrom('merchants').select(['code', 'name', 'demo', 'palette']).execute(),
      hosts: (await db.selectFrom('merchant_hosts').select('host').orderBy('host').execute()).map((h) => h.host),
      operators: await db.selectFrom('operators').select(['username', 'role', 'password_hash']).execute(),
      members: (await sql<{ n: number }>`select count(*)::int as n from members`.execute(db)).rows[0]!.n,
      ledger: (await sql<{ n: number }>`select count(*)::int as n from ledger_transactions`.execute(db)).rows[0]!.n,
      autoSettling: (
        await sql<{ n: number }>`select count(*)::int as n from deposit_channels where auto_settle_seconds is not null or code = 'demo_instant'`.execute(db)
      ).rows[0]!.n,
      games: (await db.selectFrom('games').select('engine').orderBy('engine').execute()).map((g) => g.engine),
      audit: await db.selectFrom('config_audit').select(['action', 'operator_username']).execute(),
    }));
    expect(found.merchants).toEqual([{ code: CODE, name: 'Real Bazaar', demo: false, palette: 'ruby' }]);
    expect(found.hosts).toEqual(['real.example', 'www.real.example']);
    expect(found.operators.map((o) => [o.username, o.role])).toEqual([[OWNER, 'owner']]);
    expect(found.operators[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(found.operators[0]!.password_hash).not.toContain(PASSWORD);
    expect([found.members, found.ledger, found.autoSettling]).toEqual([0, 0, 0]);
    // The built-in games, which take real bets through the seamless wallet; no demo vendors' pages.
    expect(found.games).toEqual(['crash', 'lottery', 'slot']);
    expect(found.audit).toEqual([{ action: 'merchant.create', operator_username: 'merchant:create' }]);
    expect(DEMO_ROLE_OPERATORS.map((o) => o.username)).not.toContain(OWNER);
  });

  it('a second run with the same code changes nothing; the password may come on standard input', async () => {
    const again = await merchantCreate(['--code', CODE, '--owner', 'owner_bob'], { ...target.env, MERCHANT_OWNER_PASSWORD: PASSWORD });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(new RegExp(`merchant ${CODE} exists already; nothing was changed`));
    const piped = await merchantCreate(['--code', 'REAL2', '--owner', 'owner_carol'], target.env, 'Piped-password-42\n');
    expect(piped.code, piped.out).toBe(0);
    expect(piped.out).not.toContain('Piped-password-42');
    expect(piped.out).toContain("Brand: palette gold, no host name (reached as a deployment's MERCHANT_CODE).");
    // Host names (docs/0131): one another merchant holds is refused, naming it, with nothing written;
    // an existing merchant gets more with --add-host (the command), each once.
    const hostsOf = () =>
      inspect(async (db) => ({
        hosts: await db
          .selectFrom('merchant_hosts')
          .innerJoin('merchants', 'merchants.id', 'merchant_hosts.merchant_id')
          .select(['merchants.code', 'merchant_hosts.host'])
          .orderBy('merchant_hosts.host')
          .execute(),
        merchants: (await db.selectFrom('merchants').select('code').orderBy('id').execute()).map((m) => m.code),
      }));
    const before = await hostsOf();
    await inspect(async (db) => {
      await expect(
        createMerchant(db, {
          code: 'REAL3',
          name: 'Three',
          ownerUsername: 'owner_dave',
          ownerPassword: PASSWORD,
          hosts: ['three.example', 'WWW.Real.Example'],
        }),
      ).rejects.toThrow(`the host www.real.example belongs to merchant ${CODE} already; nothing was changed`);
      await expect(addMerchantHosts(db, 'REAL2', ['real2.example', 'real.example'])).rejects.toThrow(
        `the host real.example belongs to merchant ${CODE} already; nothing was changed`,
      );
      await expect(addMerchantHosts(db, 'NOPE', ['nope.example'])).rejects.toThrow('there is no merchant NOPE; nothing was changed');
    });
    expect(await hostsOf()).toEqual(before);
    const add = await merchantCreate(['--code', 'REAL2', '--add-host', 'Play.Real2.example', '--add-host', 'real2.example'], target.env);
    expect(add.code, add.out).toBe(0);
    expect(add.out).toContain('merchant REAL2 is now served at play.real2.example, real2.example too.');
    await inspect(async (db) => expect(await addMerchantHosts(db, 'REAL2', ['REAL2.example'])).toEqual({ added: [] }));
    expect((await hostsOf()).hosts).toEqual([
      { code: 'REAL2', host: 'play.real2.example' },
      { code: CODE, host: 'real.example' },
      { code: 'REAL2', host: 'real2.example' },
      { code: CODE, host: 'www.real.example' },
    ]);
    const operators = await inspect((db) =>
      db
        .selectFrom('operators')
        .innerJoin('merchants', 'merchants.id', 'operators.merchant_id')
        .select(['merchants.code', 'operators.username'])
        .orderBy('operators.id')
        .execute(),
    );
    expect(operators).toEqual([
      { code: CODE, username: OWNER },
      { code: 'REAL2', username: 'owner_carol' },
    ]);
    // An operator of one brand granted another (docs/0135): once, its role set again by a second grant;
    // a bad role, an unknown operator and its own brand refused with nothing written.
    const grant = (role: string, who = `${CODE}:${OWNER}`) => merchantCreate(['--code', 'REAL2', '--grant', who, '--role', role], target.env);
    expect((await grant('boss')).out).toContain('the role must be one of owner, finance, support, content; nothing was changed');
    expect((await grant('finance', `${CODE}:nobody`)).out).toContain(`merchant ${CODE} has no operator nobody; nothing was changed`);
    expect((await grant('finance', 'REAL2:owner_carol')).out).toContain('owner_carol is an operator of REAL2 already; nothing was changed');
    const granted = await grant('finance');
    expect(granted.code, granted.out).toBe(0);
    expect(granted.out).toContain(`operator ${OWNER} of ${CODE} now works for REAL2 as finance`);
    expect((await grant('finance')).out).toContain('as finance already; nothing was changed');
    expect((await grant('support')).code).toBe(0);
    const brands = await inspect((db) =>
      db
        .selectFrom('operator_brands')
        .innerJoin('merchants', 'merchants.id', 'operator_brands.merchant_id')
        .innerJoin('operators', 'operators.id', 'operator_brands.operator_id')
        .select(['merchants.code', 'operators.username', 'operator_brands.role'])
        .orderBy('operators.id')
        .orderBy('merchants.id')
        .execute(),
    );
    expect(brands).toEqual([
      { code: CODE, username: OWNER, role: 'owner' },
      { code: 'REAL2', username: OWNER, role: 'support' },
      { code: 'REAL2', username: 'owner_carol', role: 'owner' },
    ]);
  });

  it('a production start refuses a channel that settles by itself, naming it', async () => {
    // As a database written before the guard, or by hand, could have it.
    await inspect((db) => db.updateTable('deposit_channels').set({ auto_settle_seconds: 5 }).where('code', '=', 'nagad').execute());
    await expect(startEmbeddedPlatform({ ...target.where, production: true, merchantCode: CODE, jobs: false })).rejects.toThrow(
      /NODE_ENV=production: deposit channels settle by themselves \("Nagad" \(nagad\) of REAL1, after 5 s, "Nagad" \(nagad\) of REAL2, after 5 s\)/,
    );
  });
});
