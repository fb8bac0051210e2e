import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@wl/platform/test-support/pg-schema';
import { afterAll, describe, expect, it } from 'vitest';
import { testEnv } from './env.ts';

// docs/0021: processes started together on one empty PostgreSQL all come up (docs/0023). Three real
// `pnpm start` processes (gateway server.ts with its embedded platform and its jobs) on a database
// created for this test, so the pg-boss tables are new too. Needs a PostgreSQL: runs whenever
// DATABASE_URL is set (CI sets it); PGlite admits one process per data folder by design.

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROCESSES = 3;

type TStarted = { child: ChildProcess; baseUrl: string };

/** Starts the real start path on `databaseUrl`; resolves with its address once it listens, rejects if it exits first. */
function startProcess(databaseUrl: string): { child: ChildProcess; listening: Promise<TStarted> } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1' };
  for (const name of ['UPSTREAM_URL', 'REDIS_URL', 'JOBS', 'NODE_ENV', 'CAPTCHA_TEST_KEY', 'GATEWAY_SECRET', 'LOG_LEVEL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listening = new Promise<TStarted>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Ready: open (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) resolve({ child, baseUrl: match[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`process exited with ${code} before listening:\n${output.slice(-2000)}`)));
  });
  return { child, listening };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe.skipIf(!testEnv.databaseUrl)('processes started together on one empty PostgreSQL', () => {
  const children: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  afterAll(async () => {
    await Promise.all(children.map(stop));
    await database?.drop();
  });

  it(`all ${PROCESSES} come up, each serves, and the database is set up once`, async () => {
    database = await createTestDatabase(testEnv.databaseUrl!);
    const starts = Array.from({ length: PROCESSES }, () => startProcess(database!.url));
    children.push(...starts.map((s) => s.child));
    const started = await Promise.all(starts.map((s) => s.listening));

    for (const { baseUrl } of started) {
      // A real call through the gateway to its embedded platform: the seeded merchant's screen config.
      const res = await fetch(`${baseUrl}/trpc/config.screen?input=${encodeURIComponent(JSON.stringify({ language: 'en' }))}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: { data: { merchant: { code: string }; language: string } } };
      expect(body.result.data).toMatchObject({ merchant: { code: 'DEMO' }, language: 'en' });
    }

    // Seeded once (the demo and its second brand, docs/0131); the jobs' queue and schedule exist once (pg-boss's tables were new too).
    expect(await database.query(`select code from merchants order by code`)).toEqual([{ code: 'DEMO' }, { code: 'DEMO2' }]);
    expect(await database.query(`select name from pgboss.queue where name = 'platform.sweep-expired'`)).toEqual([{ name: 'platform.sweep-expired' }]);
    // Each scheduled sweep (the built-in games' rounds and sessions; the lottery's overdue draws;
    // expired sessions and codes; unanswered withdrawals; the agents' salary settlement, docs/0049; the team figures' rollup, docs/0058; scheduled configuration publishes, docs/0123) exactly once, however many processes scheduled it.
    // The games' schedules are made by the platform's onListen hooks, which may still be running when
    // a process first answers: wait for them (a condition, not a delay).
    const db = database;
    await expect
      .poll(() => db.query(`select name from pgboss.schedule order by name`), { timeout: 240_000 })
      .toEqual([
        { name: 'agent.salary.settle' },
        { name: 'agent.team-figures-rollup' },
        { name: 'bonus.expire' },
        { name: 'config.scheduled-publish' },
        { name: 'games.sweep' },
        { name: 'leaderboards.prizes' },
        { name: 'lottery.sweep' },
        { name: 'platform.sweep-expired' },
        { name: 'points.earn' },
        { name: 'promo.cashback' },
        { name: 'promotions.draft-images-sweep' },
        { name: 'referral.rewards' },
        { name: 'rewards.daily' },
        { name: 'tickets.earn' },
        { name: 'withdraw.auto-receive-sweep' },
      ]);
    // Every process is still up after the others finished setting up.
    for (const { child } of started) expect(child.exitCode).toBeNull();
  });
});
