import { describe, expect, it } from 'vitest';
import { decryptCsLink, encryptCsLink } from './cs-link.ts';

describe('customer-service link codec', () => {
  it('round-trips with the last 8 characters as key', () => {
    const enc = encryptCsLink('https://support.example.test/chat?x=1', 'k3Y9pQ2z');
    expect(enc.endsWith('k3Y9pQ2z')).toBe(true);
    expect(enc).not.toContain('support.example');
    expect(decryptCsLink(enc)).toBe('https://support.example.test/chat?x=1');
  });
  it('answers null for garbage instead of throwing', () => {
    expect(decryptCsLink('short')).toBeNull();
    expect(decryptCsLink('not-base64-at-all!!abcdefgh')).toBeNull();
  });
  it('refuses keys that are not 8 characters', () => {
    expect(() => encryptCsLink('x', 'short')).toThrow();
  });
});
