import { describe, expect, it } from 'vitest';
import bn from '../i18n/operator-audit.bn.json';
import en from '../i18n/operator-audit.en.json';
import { AUDIT_ACTIONS, auditActionKey, auditRange } from './audit.tsx';

describe('operator audit filters', () => {
  it('turns the date inputs into a local whole-day ISO range', () => {
    const r = auditRange('2026-06-01', '2026-06-02');
    expect(r).toEqual({ from: new Date('2026-06-01T00:00:00').toISOString(), to: new Date('2026-06-02T23:59:59.999').toISOString() });
    expect(auditRange('', '')).toEqual({});
    expect(auditRange('2026-06-01', '')).toEqual({ from: new Date('2026-06-01T00:00:00').toISOString() });
  });
  it('refuses a range that ends before it starts, and ignores malformed dates', () => {
    expect(auditRange('2026-06-03', '2026-06-02')).toBe('bad');
    expect(auditRange('yesterday', '<script>')).toEqual({});
  });
  it('names every audit action in English and Bengali', () => {
    const EN = en as unknown as Record<string, unknown>;
    const BN = bn as unknown as Record<string, unknown>;
    for (const action of AUDIT_ACTIONS) {
      const key = auditActionKey(action);
      expect(key).not.toContain('.');
      expect(typeof EN[key], key).toBe('string');
      expect(typeof BN[key], key).toBe('string');
      expect(BN[key]).not.toBe(EN[key]);
    }
  });
});
