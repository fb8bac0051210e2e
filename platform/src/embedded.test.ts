import { describe, expect, it } from 'vitest';
import { WPS_PATHS } from '@wl/schemas';
import { startEmbeddedPlatform } from './embedded.ts';

describe('embedded platform', () => {
  it('opens, migrates, seeds and serves over HTTP on 127.0.0.1, then closes', async () => {
    const platform = await startEmbeddedPlatform({ memory: true });
    try {
      expect(platform.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${platform.url}${WPS_PATHS.systemStatus}`, { headers: { 'x-forwarded-for': '192.0.2.9' } });
      expect(await res.json()).toEqual({ success: true, value: { status: 0, ip: '192.0.2.9' }, message: null });
    } finally {
      await platform.close();
    }
    await expect(fetch(`${platform.url}${WPS_PATHS.systemStatus}`)).rejects.toThrow();
  }, 60_000);
});
