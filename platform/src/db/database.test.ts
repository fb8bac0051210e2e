import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test-support/db.ts';
import { openDatabase, type TDatabase } from './database.ts';
import { DataFolderInUseError, lockFilePath } from './lock-file.ts';
import { listMigrations, migrate } from './migrate.ts';

describe('migrations', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('apply every file once, also when two runners race, and a rerun applies nothing', async () => {
    const all = listMigrations().map((m) => m.version);
    expect(all.length).toBeGreaterThan(0);
    // Two racing runners: the advisory lock makes them take turns on PostgreSQL; PGlite serialises.
    const [a, b] = await Promise.all([migrate(database.db), migrate(database.db)]);
    expect([...a, ...b].sort()).toEqual(all);
    expect(await migrate(database.db)).toEqual([]);
    const rows = await database.db.selectFrom('schema_migrations').select('version').execute();
    expect(rows.map((r) => r.version).sort()).toEqual(all);
    // A fresh PGlite's first migration is the slowest step of the suite; give it room on a loaded machine.
  });
});

// PGlite's own path (memory or a data folder), whatever DATABASE_URL says: the PGlite run proves it,
// the PostgreSQL run would only repeat it (docs/0124).
describe.skipIf(process.env.DATABASE_URL)('PGlite data folder lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-platform-lock-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener while the first holds the folder, and frees it on close', async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      expect(fs.readFileSync(lockFilePath(dir), 'utf8')).toBe(String(process.pid));
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataFolderInUseError);
      await expect(second).rejects.toThrow(`is in use by process ${process.pid}`);
      await migrate(first.db);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
    // initdb on disk and every migration: a ceiling for a stuck test on a loaded machine, not a speed goal.
  });

  it('takes over a stale lock left by a dead process, keeping the data', async () => {
    // A real pid that has certainly exited: a child we ran to completion.
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(child.stdout);
    expect(deadPid).toBeGreaterThan(0);
    fs.writeFileSync(lockFilePath(dir), String(deadPid));
    const again = await openDatabase({ dataDir: dir });
    try {
      expect(fs.readFileSync(lockFilePath(dir), 'utf8')).toBe(String(process.pid));
      expect(await migrate(again.db)).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
