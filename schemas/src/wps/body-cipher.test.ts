import { describe, expect, it } from 'vitest';
import { BodyCipherError, decryptBody, encryptBody, generateRsaKeyPair } from './body-cipher.ts';

const pair = generateRsaKeyPair();

describe('body cipher (UPSTREAM-NOTES encryption on login)', () => {
  it('round-trips a JSON payload', () => {
    const payload = { username: 'demo_member', password: 'Demo1234', nested: { bn: 'লগইন' } };
    const { body, headers } = encryptBody(payload, pair.publicKeyPem);
    expect(headers.encryption).toBe('DES3');
    expect(headers['x-digest']).toMatch(/^[0-9a-f]{64}$/);
    expect(body.value).not.toContain('Demo1234');
    expect(decryptBody(body, headers, pair.privateKeyPem)).toEqual(payload);
  });

  it('accepts headers in any case, as HTTP stacks deliver them', () => {
    const { body, headers } = encryptBody({ a: 1 }, pair.publicKeyPem);
    const upper = { Encryption: headers.encryption, 'X-Digest': headers['x-digest'], 'X-RSA': headers['x-rsa'] };
    expect(decryptBody(body, upper, pair.privateKeyPem)).toEqual({ a: 1 });
  });

  it('uses a fresh key each time', () => {
    const a = encryptBody({ a: 1 }, pair.publicKeyPem);
    const b = encryptBody({ a: 1 }, pair.publicKeyPem);
    expect(a.body.value).not.toBe(b.body.value);
  });

  it('refuses a tampered ciphertext (digest mismatch)', () => {
    const { body, headers } = encryptBody({ a: 1 }, pair.publicKeyPem);
    const tampered = { value: (body.value[0] === 'A' ? 'B' : 'A') + body.value.slice(1) };
    expect(() => decryptBody(tampered, headers, pair.privateKeyPem)).toThrow(BodyCipherError);
  });

  it('refuses a ciphertext whose digest was recomputed but key does not match', () => {
    const a = encryptBody({ a: 1 }, pair.publicKeyPem);
    const b = encryptBody({ b: 2 }, pair.publicKeyPem);
    expect(() => decryptBody(a.body, { ...a.headers, 'x-rsa': b.headers['x-rsa'] }, pair.privateKeyPem)).toThrow(BodyCipherError);
  });

  it('refuses a key wrapped for another key pair', () => {
    const other = generateRsaKeyPair();
    const { body, headers } = encryptBody({ a: 1 }, other.publicKeyPem);
    expect(() => decryptBody(body, headers, pair.privateKeyPem)).toThrow(BodyCipherError);
  });

  it('refuses malformed bodies and missing or repeated headers', () => {
    const { body, headers } = encryptBody({ a: 1 }, pair.publicKeyPem);
    expect(() => decryptBody(null, headers, pair.privateKeyPem)).toThrow(BodyCipherError);
    expect(() => decryptBody({ value: 5 }, headers, pair.privateKeyPem)).toThrow(BodyCipherError);
    expect(() => decryptBody('x', headers, pair.privateKeyPem)).toThrow(BodyCipherError);
    expect(() => decryptBody(body, { ...headers, 'x-rsa': undefined }, pair.privateKeyPem)).toThrow(BodyCipherError);
    expect(() => decryptBody(body, { ...headers, encryption: 'AES' }, pair.privateKeyPem)).toThrow(BodyCipherError);
    expect(() => decryptBody(body, { ...headers, 'x-digest': [headers['x-digest'], headers['x-digest']] }, pair.privateKeyPem)).toThrow(BodyCipherError);
    expect(() => decryptBody(body, { ...headers, 'x-rsa': 'bm90IGEga2V5' }, pair.privateKeyPem)).toThrow(BodyCipherError);
  });
});
