import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('stars the password and keeps the rest', () => {
    expect(redactUrl('postgres://app:secret@db:5432/wl', 'DATABASE_URL')).toBe('postgres://app:***@db:5432/wl');
    expect(redactUrl('redis://cache:6379/0', 'redis')).toBe('redis://cache:6379/0');
  });

  it('answers the stand-in for a URL that does not parse, never the text itself', () => {
    expect(redactUrl('not a url with a s3cret', 'DATABASE_URL')).toBe('DATABASE_URL');
  });
});
