import { describe, expect, it } from 'vitest';
import { resetLinkMessage, verificationCodeMessage } from './messages.ts';

/** What is left of a text once the parts a member types or opens (the code, the link) are taken out. */
const without = (text: string, ...kept: string[]) => kept.reduce((t, k) => t.split(k).join(''), text);

describe('the texts the platform sends (numbers in BN use Bengali digits)', () => {
  it('BN verification code: the minutes in Bengali digits, the code as it is typed back', () => {
    const { subject, body } = verificationCodeMessage('bn', 'Lucky Bazaar', '048213', 2);
    expect(subject).toBe('যাচাই কোড');
    expect(body).toBe('Lucky Bazaar: আপনার যাচাই কোড 048213। এটি ২ মিনিট পর্যন্ত কাজ করবে।');
    expect(verificationCodeMessage('bn', 'Lucky Bazaar', '048213', 15).body).toContain('এটি ১৫ মিনিট');
    for (const minutes of [1, 5, 10, 30, 120]) {
      expect(without(verificationCodeMessage('bn', 'Lucky Bazaar', '987654', minutes).body, '987654')).not.toMatch(/[0-9]/);
    }
  });

  it('BN reset link: the minutes in Bengali digits, the link untouched', () => {
    const link = '/resetPassword?token=Ab3_9x-0';
    const { subject, body } = resetLinkMessage('bn', link, 30);
    expect(subject).toBe('আপনার পাসওয়ার্ড রিসেট করুন');
    expect(body).toContain('৩০ মিনিটের মধ্যে');
    expect(body).toContain(`\n${link}\n`);
    expect(without(body, link)).not.toMatch(/[0-9]/);
    expect(resetLinkMessage('bn', link, 45).body).toContain('৪৫ মিনিটের মধ্যে');
  });

  it('EN keeps ASCII digits', () => {
    expect(verificationCodeMessage('en', 'Lucky Bazaar', '048213', 2).body).toBe('Lucky Bazaar: your verification code is 048213. It expires in 2 minutes.');
    expect(resetLinkMessage('en', '/resetPassword?token=x', 30).body).toMatch(/^Open this link within 30 minutes/);
  });
});
