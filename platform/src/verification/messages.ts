import type { TLanguage } from '@wl/schemas';

/**
 * Texts of the SMS and e-mails the platform sends, in the member's language (the request's
 * `language` header, BN by default; issue 11). Codes and links keep ASCII digits and letters, as the
 * member types or opens them.
 */
export function verificationCodeMessage(language: TLanguage, merchantName: string, code: string, minutes: number): { subject: string; body: string } {
  return language === 'en'
    ? { subject: 'Verification code', body: `${merchantName}: your verification code is ${code}. It expires in ${minutes} minutes.` }
    : { subject: 'যাচাই কোড', body: `${merchantName}: আপনার যাচাই কোড ${code}। এটি ${minutes} মিনিট পর্যন্ত কাজ করবে।` };
}

/** The password reset e-mail with its single-use link. */
export function resetLinkMessage(language: TLanguage, link: string): { subject: string; body: string } {
  return language === 'en'
    ? { subject: 'Reset your password', body: `Open this link within 30 minutes to choose a new password:\n${link}\nIf you did not ask for it, ignore this email.` }
    : { subject: 'আপনার পাসওয়ার্ড রিসেট করুন', body: `নতুন পাসওয়ার্ড বেছে নিতে ৩০ মিনিটের মধ্যে এই লিংকটি খুলুন:\n${link}\nআপনি এটি না চেয়ে থাকলে এই ই-মেইলটি উপেক্ষা করুন।` };
}
