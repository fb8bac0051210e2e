import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-redaction.ts';

describe('log redaction', () => {
  it('hides the session token an SSE subscription carries in its connection params', () => {
    const url = '/trpc/config.onChange?connectionParams=%7B%22token%22%3A%22mJ6WijbhxcdmY8sp0o8R%22%7D&input=%7B%22language%22%3A%22bn%22%7D';
    const logged = redactUrl(url);
    expect(logged).not.toContain('mJ6WijbhxcdmY8sp0o8R');
    expect(logged).toContain('connectionParams=%5Bredacted%5D');
    expect(logged).toContain('input=');
  });
  it('hides launch tickets and reset tokens, and leaves other URLs alone', () => {
    expect(redactUrl('/wps/game/demo/X-1?ticket=abc123')).not.toContain('abc123');
    expect(redactUrl('/resetPassword?token=zz9')).not.toContain('zz9');
    expect(redactUrl('/trpc/system.status')).toBe('/trpc/system.status');
    expect(redactUrl('/rng?vassalage=ABC')).toBe('/rng?vassalage=ABC');
  });
  it('serialises a request without headers', () => {
    const out = serializeRequest({ method: 'GET', url: '/x?token=secret', ip: '127.0.0.1', host: 'h' });
    expect(JSON.stringify(out)).not.toContain('secret');
    expect(out).not.toHaveProperty('headers');
  });
});
