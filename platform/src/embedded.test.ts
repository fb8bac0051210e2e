import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WPS_HEADERS, WPS_PATHS } from '@wl/schemas';
import { openDatabase } from './db/database.ts';
import { startEmbeddedPlatform } from './embedded.ts';
import { hashPassword } from './session/password.service.ts';

// PGlite's own path (memory or a data folder), whatever DATABASE_URL says: the PGlite run proves it,
// the PostgreSQL run would only repeat it (docs/0124).
describe.skipIf(process.env.DATABASE_URL)('embedded platform', () => {
  it('opens, migrates, seeds and serves over HTTP on 127.0.0.1, then closes', async () => {
    const platform = await startEmbeddedPlatform({ memory: true });
    try {
      expect(platform.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const headers = { [WPS_HEADERS.clientIp]: '192.0.2.9', [WPS_HEADERS.gatewaySecret]: platform.gatewaySecret };
      const res = await fetch(`${platform.url}${WPS_PATHS.systemStatus}`, { headers });
      expect(await res.json()).toEqual({ success: true, value: { status: 0, ip: '192.0.2.9' }, message: null });
      // Without its per-process secret the header is a client's claim: the socket address counts.
      const claimed = await fetch(`${platform.url}${WPS_PATHS.systemStatus}`, { headers: { ...headers, [WPS_HEADERS.gatewaySecret]: 'guess' } });
      expect(((await claimed.json()) as { value: { ip: string } }).value.ip).toBe('127.0.0.1');
      expect(platform.gatewaySecret.length).toBeGreaterThanOrEqual(32);
    } finally {
      await platform.close();
    }
    await expect(fetch(`${platform.url}${WPS_PATHS.systemStatus}`)).rejects.toThrow();
  });

  it('refuses to seed the demo accounts in production', async () => {
    await expect(startEmbeddedPlatform({ memory: true, production: true })).rejects.toThrow(/NODE_ENV=production: refusing to seed the demo accounts/);
  });

  it('refuses a production start on a database seeded in development while a demo login still works, or its simulated channel (attack review)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-prod-demo-'));
    try {
      await (await startEmbeddedPlatform({ dataDir })).close();
      await expect(startEmbeddedPlatform({ dataDir, production: true })).rejects.toThrow(
        /NODE_ENV=production: demo accounts still log in with their published passwords \(.*demo_operator/,
      );
      // Every demo password changed: the simulated channel would still credit members money nobody
      // paid, every few seconds (docs/0065). The start names it and refuses.
      const database = await openDatabase({ dataDir });
      try {
        const changed = await hashPassword('Changed-Password-2026');
        await database.db.updateTable('members').set({ password_hash: changed }).execute();
        await database.db.updateTable('operators').set({ password_hash: changed }).execute();
      } finally {
        await database.close();
      }
      await expect(startEmbeddedPlatform({ dataDir, production: true })).rejects.toThrow(
        /NODE_ENV=production: deposit channels settle by themselves \("Demo instant" \(demo_instant\) of DEMO, after 5 s, "Demo instant" \(demo_instant\) of DEMO2, after 5 s\)/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
