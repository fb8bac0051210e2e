import type { Insertable } from 'kysely';
import { DEFAULT_BONUS_TERMS, type TBonusTerms, type TPromotionTerms } from '@wl/schemas';
import type { PromotionsTable } from '../db/schema/catalogue.ts';

/*
 * The demo promotions (docs/0084, docs/0096): one of each kind with real terms, and rules in EN and
 * BN that say exactly what the terms pay (amounts in minor units, paisa: 50_000 is ৳500).
 */

const DAY_MS = 86_400_000;
type TDemoPromotion = Omit<Insertable<PromotionsTable>, 'merchant_id' | 'sort'>;

const WEIGHTS_EN = 'Slots and fishing count in full, crash and lottery half, PVP a fifth, live casino, sports and cockfight a tenth.';
const WEIGHTS_BN = 'স্লট ও ফিশিং পুরোটা গণনা হয়, ক্র্যাশ ও লটারি অর্ধেক, পিভিপি এক-পঞ্চমাংশ, লাইভ ক্যাসিনো, স্পোর্টস ও মোরগ লড়াই এক-দশমাংশ।';

const bonus = (over: Partial<TBonusTerms>): TBonusTerms => ({ ...DEFAULT_BONUS_TERMS, ...over });

/** The Monday 00:00 UTC on or before `at`: the cashback's weeks run Monday to Sunday. */
function mondayBefore(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS);
}

export function demoPromotions(now: Date): TDemoPromotion[] {
  const day = (n: number) => new Date(now.getTime() + n * DAY_MS);
  const running = { starts_at: day(-30), ends_at: null };
  const row = (
    r: Omit<TDemoPromotion, 'kind' | 'terms' | 'rules_en' | 'rules_bn'> & { terms: TPromotionTerms; en: string[]; bn: string[] },
  ): TDemoPromotion => {
    const { terms, en, bn, ...rest } = r;
    return { ...rest, kind: terms.kind, terms: JSON.stringify(terms), rules_en: en.join('\n'), rules_bn: bn.join('\n') };
  };
  return [
    row({
      ...running,
      title_en: 'Sign-up bonus ৳100',
      title_bn: 'নিবন্ধন বোনাস ৳১০০',
      promotion_type: 'SIGNUP',
      category: 'NEW_MEMBER',
      terms: { kind: 'sign_up', amountMinor: 10_000, bonus: bonus({ turnoverMultiple: 10, maxStakeMinor: 5_000, claimDays: 7, validDays: 14 }) },
      en: [
        '1. Every new member is offered a ৳100 bonus at registration.',
        '2. Claim it on this page within 7 days of registering.',
        '3. Wager ৳1,000 (10 times the bonus) within 14 days of claiming to turn it into cash; stakes are at most ৳50 while it is active.',
        `4. ${WEIGHTS_EN}`,
      ],
      bn: [
        '১. প্রত্যেক নতুন সদস্যকে নিবন্ধনের সময় ৳১০০ বোনাস দেওয়া হয়।',
        '২. নিবন্ধনের ৭ দিনের মধ্যে এই পাতা থেকে দাবি করুন।',
        '৩. দাবির ১৪ দিনের মধ্যে ৳১,০০০ (বোনাসের ১০ গুণ) বাজি ধরলে বোনাস নগদ হয়; বোনাস চালু থাকাকালীন সর্বোচ্চ বাজি ৳৫০।',
        `৪. ${WEIGHTS_BN}`,
      ],
    }),
    row({
      ...running,
      title_en: 'Welcome bonus',
      title_bn: 'স্বাগতম বোনাস',
      promotion_type: 'DEPOSIT',
      category: 'NEW_MEMBER',
      terms: {
        kind: 'deposit_match',
        deposit: 'first',
        percent: 100,
        capMinor: 1_000_000,
        minDepositMinor: 50_000,
        bonus: bonus({ turnoverMultiple: 10, claimDays: 7, validDays: 14 }),
      },
      en: [
        '1. Join this promotion, then make your first deposit of ৳500 or more.',
        '2. The bonus is 100% of the deposit, up to ৳10,000, added when the deposit is approved.',
        '3. Wager the bonus and the deposit 10 times within 14 days to turn the bonus into cash.',
        `4. ${WEIGHTS_EN}`,
      ],
      bn: [
        '১. এই প্রোমোশনে যোগ দিন, তারপর ৳৫০০ বা তার বেশি প্রথম ডিপোজিট করুন।',
        '২. বোনাস ডিপোজিটের ১০০%, সর্বোচ্চ ৳১০,০০০, ডিপোজিট অনুমোদনের সময় যোগ হয়।',
        '৩. ১৪ দিনের মধ্যে বোনাস ও ডিপোজিট ১০ বার বাজি ধরলে বোনাস নগদ হয়।',
        `৪. ${WEIGHTS_BN}`,
      ],
    }),
    row({
      ...running,
      title_en: 'Second deposit bonus 50%',
      title_bn: 'দ্বিতীয় ডিপোজিট বোনাস ৫০%',
      promotion_type: 'DEPOSIT',
      category: 'DEPOSIT',
      terms: {
        kind: 'deposit_match',
        deposit: 2,
        percent: 50,
        capMinor: 500_000,
        minDepositMinor: 30_000,
        bonus: bonus({ turnoverMultiple: 8, claimDays: 7, validDays: 14 }),
      },
      en: [
        '1. Join this promotion, then make your second deposit of ৳300 or more.',
        '2. The bonus is 50% of the deposit, up to ৳5,000, added when the deposit is approved.',
        '3. Wager the bonus and the deposit 8 times within 14 days to turn the bonus into cash.',
        `4. ${WEIGHTS_EN}`,
      ],
      bn: [
        '১. এই প্রোমোশনে যোগ দিন, তারপর ৳৩০০ বা তার বেশি দ্বিতীয় ডিপোজিট করুন।',
        '২. বোনাস ডিপোজিটের ৫০%, সর্বোচ্চ ৳৫,০০০, ডিপোজিট অনুমোদনের সময় যোগ হয়।',
        '৩. ১৪ দিনের মধ্যে বোনাস ও ডিপোজিট ৮ বার বাজি ধরলে বোনাস নগদ হয়।',
        `৪. ${WEIGHTS_BN}`,
      ],
    }),
    row({
      ...running,
      title_en: 'Reload bonus 10%',
      title_bn: 'রিলোড বোনাস ১০%',
      promotion_type: 'DEPOSIT',
      category: 'DEPOSIT',
      terms: {
        kind: 'deposit_match',
        deposit: 'any',
        percent: 10,
        capMinor: 200_000,
        minDepositMinor: 30_000,
        bonus: bonus({ turnoverMultiple: 5, claimDays: 3, validDays: 7 }),
      },
      en: [
        '1. Join once: every deposit of ৳300 or more then earns a 10% bonus, up to ৳2,000, when it is approved.',
        '2. One bonus is active at a time: while another is active, the new one waits on this page for 3 days to be claimed.',
        '3. Wager the bonus and the deposit 5 times within 7 days to turn the bonus into cash.',
        `4. ${WEIGHTS_EN}`,
      ],
      bn: [
        '১. একবার যোগ দিন: এরপর ৳৩০০ বা তার বেশি প্রতিটি ডিপোজিট অনুমোদনের সময় ১০% বোনাস পায়, সর্বোচ্চ ৳২,০০০।',
        '২. একসাথে একটি বোনাস চালু থাকে: অন্যটি চালু থাকলে নতুনটি দাবির জন্য ৩ দিন এই পাতায় অপেক্ষা করে।',
        '৩. ৭ দিনের মধ্যে বোনাস ও ডিপোজিট ৫ বার বাজি ধরলে বোনাস নগদ হয়।',
        `৪. ${WEIGHTS_BN}`,
      ],
    }),
    row({
      starts_at: mondayBefore(day(-28)),
      ends_at: null,
      title_en: 'Weekly cashback 5%',
      title_bn: 'সাপ্তাহিক ক্যাশব্যাক ৫%',
      promotion_type: 'REBATE',
      category: 'REBATE',
      terms: { kind: 'cashback', percent: 5, periodDays: 7, minPayoutMinor: 5_000, maxPayoutMinor: 2_000_000, autoUpToMinor: 500_000 },
      en: [
        '1. 5% of your net loss (bets minus wins of settled rounds) from Monday to Sunday (UTC) comes back to you.',
        '2. Paid as cash into your main wallet on Monday, with no wagering requirement; nothing to join.',
        '3. The smallest cashback paid is ৳50, the largest ৳20,000; above ৳5,000 our finance team approves it first.',
      ],
      bn: [
        '১. সোমবার থেকে রবিবার (UTC) আপনার নিট ক্ষতির (নিষ্পত্তি হওয়া রাউন্ডের বাজি বাদ জয়) ৫% ফেরত দেওয়া হয়।',
        '২. সোমবার নগদ হিসেবে মূল ওয়ালেটে দেওয়া হয়, কোনো বাজির শর্ত নেই; যোগ দিতে হয় না।',
        '৩. সর্বনিম্ন ক্যাশব্যাক ৳৫০, সর্বোচ্চ ৳২০,০০০; ৳৫,০০০-এর বেশি হলে আমাদের ফাইন্যান্স দল আগে অনুমোদন করে।',
      ],
    }),
    row({
      ...running,
      title_en: 'Big win bonus',
      title_bn: 'বড় জয়ের বোনাস',
      promotion_type: 'APPLY',
      category: 'EVENT',
      terms: { kind: 'manual_apply', maxAmountMinor: 500_000, bonus: bonus({ turnoverMultiple: 5, claimDays: 7, validDays: 14 }) },
      en: [
        '1. Won 500 times your stake or more in one round? Apply on this page with a comment and a screenshot.',
        '2. Our team reviews each application; an approved one brings a bonus of up to ৳5,000.',
        '3. Wager the bonus 5 times within 14 days to turn it into cash.',
      ],
      bn: [
        '১. এক রাউন্ডে বাজির ৫০০ গুণ বা তার বেশি জিতেছেন? মন্তব্য ও স্ক্রিনশট দিয়ে এই পাতা থেকে আবেদন করুন।',
        '২. আমাদের দল প্রতিটি আবেদন দেখে; অনুমোদিত আবেদনে সর্বোচ্চ ৳৫,০০০ বোনাস।',
        '৩. ১৪ দিনের মধ্যে বোনাস ৫ বার বাজি ধরলে তা নগদ হয়।',
      ],
    }),
    row({
      ...running,
      title_en: 'Invite friends',
      title_bn: 'বন্ধুদের আমন্ত্রণ',
      promotion_type: 'REFERRAL',
      category: 'REFERRAL',
      terms: { kind: 'referral', rewardMinor: 10_000, minDepositMinor: 20_000, turnoverMinor: 500, windowDays: 30 },
      en: [
        '1. Share your referral link, code or QR code from the member centre.',
        '2. When a friend you invited verifies a mobile number, deposits at least ৳200 and bets ৳5 within 30 days of registering, you receive ৳100.',
        '3. Accounts that share a mobile number, an e-mail address, a payee name or a network with yours do not count.',
      ],
      bn: [
        '১. সদস্য কেন্দ্র থেকে আপনার রেফারেল লিংক, কোড বা QR কোড শেয়ার করুন।',
        '২. আপনার আমন্ত্রিত বন্ধু নিবন্ধনের ৩০ দিনের মধ্যে মোবাইল নম্বর যাচাই করলে, অন্তত ৳২০০ জমা দিলে এবং ৳৫ বাজি ধরলে আপনি পাবেন ৳১০০।',
        '৩. আপনার সঙ্গে একই মোবাইল নম্বর, ই-মেইল, প্রাপকের নাম বা নেটওয়ার্ক ব্যবহার করা অ্যাকাউন্ট গণনা করা হয় না।',
      ],
    }),
    row({
      ...running,
      title_en: 'VIP levels',
      title_bn: 'ভিআইপি স্তর',
      promotion_type: 'VIP',
      category: 'VIP',
      terms: { kind: 'info' },
      en: [
        '1. Your VIP level follows your approved deposits and valid bets over the last 30 days.',
        '2. Reaching a level pays its upgrade bonus once, from ৳50 at VIP 1 to ৳10,000 at VIP 5.',
        '3. Higher levels raise your withdrawal limits and rebate rates: see the VIP page.',
      ],
      bn: [
        '১. গত ৩০ দিনের অনুমোদিত ডিপোজিট ও বৈধ বাজি অনুযায়ী আপনার ভিআইপি স্তর ঠিক হয়।',
        '২. প্রতিটি স্তরে পৌঁছালে একবার আপগ্রেড বোনাস দেওয়া হয়, ভিআইপি ১-এ ৳৫০ থেকে ভিআইপি ৫-এ ৳১০,০০০।',
        '৩. উঁচু স্তরে উত্তোলনের সীমা ও রিবেটের হার বাড়ে: ভিআইপি পাতা দেখুন।',
      ],
    }),
    row({
      ...running,
      title_en: 'Rebate on every bet',
      title_bn: 'প্রতিটি বাজিতে রিবেট',
      promotion_type: 'REBATE',
      category: 'REBATE',
      terms: { kind: 'info' },
      en: [
        '1. Every valid bet earns a rebate, from 0.3% to 0.5% by game type, a tenth of a percent more at each VIP level.',
        '2. Claim it any time from the rebate page; it is paid as cash.',
      ],
      bn: [
        '১. প্রতিটি বৈধ বাজিতে রিবেট, গেমের ধরন অনুযায়ী ০.৩% থেকে ০.৫%, প্রতিটি ভিআইপি স্তরে আরও ০.১%।',
        '২. রিবেট পাতা থেকে যেকোনো সময় দাবি করুন; নগদ হিসেবে দেওয়া হয়।',
      ],
    }),
    row({
      starts_at: day(7),
      ends_at: day(37),
      title_en: 'Cricket festival',
      title_bn: 'ক্রিকেট উৎসব',
      promotion_type: 'EVENT',
      category: 'EVENT',
      terms: { kind: 'info' },
      en: [
        '1. Bet on cricket matches during the festival to collect tickets.',
        '2. Every ৳1,000 wagered earns one ticket for the prize draw.',
        '3. Winners are announced on this page after the festival.',
      ],
      bn: [
        '১. উৎসব চলাকালীন ক্রিকেট ম্যাচে বাজি ধরে টিকিট সংগ্রহ করুন।',
        '২. প্রতি ৳১,০০০ বাজিতে পুরস্কার ড্রয়ের একটি টিকিট।',
        '৩. উৎসব শেষে বিজয়ীদের নাম এই পৃষ্ঠায় ঘোষণা করা হবে।',
      ],
    }),
  ];
}
