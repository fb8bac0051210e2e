import type { TLanguage } from '@wl/schemas';
import { bengaliDigits } from '@wl/schemas/domain/digits';

/**
 * Texts of the SMS and e-mails the platform sends, in the member's language (the request's
 * `language` header, BN by default; docs/0056). Numbers in BN are written with Bengali digits
 * (bengaliDigits), except what the member types or opens: the code and the link keep ASCII digits
 * and letters, as every keyboard and browser reads them.
 */
export function verificationCodeMessage(language: TLanguage, merchantName: string, code: string, minutes: number): { subject: string; body: string } {
  return language === 'en'
    ? { subject: 'Verification code', body: `${merchantName}: your verification code is ${code}. It expires in ${minutes} minutes.` }
    : // The code stays in ASCII digits: the member types it back into the code field.
      { subject: 'যাচাই কোড', body: `${merchantName}: আপনার যাচাই কোড ${code}। এটি ${bengaliDigits(minutes)} মিনিট পর্যন্ত কাজ করবে।` };
}

/** The password reset e-mail with its single-use link, valid `minutes`. */
export function resetLinkMessage(language: TLanguage, link: string, minutes: number): { subject: string; body: string } {
  return language === 'en'
    ? {
        subject: 'Reset your password',
        body: `Open this link within ${minutes} minutes to choose a new password:\n${link}\nIf you did not ask for it, ignore this email.`,
      }
    : {
        subject: 'আপনার পাসওয়ার্ড রিসেট করুন',
        body: `নতুন পাসওয়ার্ড বেছে নিতে ${bengaliDigits(minutes)} মিনিটের মধ্যে এই লিংকটি খুলুন:\n${link}\nআপনি এটি না চেয়ে থাকলে এই ই-মেইলটি উপেক্ষা করুন।`,
      };
}
