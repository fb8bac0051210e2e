import type { Insertable, Transaction } from 'kysely';
import { BANNER_GROUPS, type TPromotionTerms } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { PromotionsTable } from '../db/schema/catalogue.ts';
import { insertInMerchantOrder } from './merchant.ts';

/** The demo site's content: banners of every group, notices, popups, promotions and a winners board. */
export async function seedContent(trx: Transaction<DB>, merchantId: number, hotGameIds: number[]): Promise<void> {
  const m = merchantId;
  const banners: { group_name: string; title_en: string; title_bn: string; url: string; linkage_type: 'INTERNAL' | 'EXTERNAL' | 'NONE' }[] = [
    { group_name: 'w_home', title_en: 'Welcome bonus 100%', title_bn: 'স্বাগতম বোনাস ১০০%', url: '/promotions', linkage_type: 'INTERNAL' },
    { group_name: 'w_home', title_en: 'Slots festival', title_bn: 'স্লট উৎসব', url: '/rng', linkage_type: 'INTERNAL' },
    {
      group_name: 'w_home',
      title_en: 'Follow us for daily tips',
      title_bn: 'প্রতিদিনের টিপসের জন্য আমাদের অনুসরণ করুন',
      url: 'https://facebook.example/luckybazaar',
      linkage_type: 'EXTERNAL',
    },
    { group_name: 'w_home', title_en: 'Live casino nights', title_bn: 'লাইভ ক্যাসিনো রাত', url: '/live', linkage_type: 'INTERNAL' },
  ];
  for (const g of BANNER_GROUPS) {
    if (g === 'w_home') continue;
    banners.push({ group_name: g, title_en: 'Play smart with Lucky Bazaar', title_bn: 'লাকি বাজারের সাথে বুদ্ধি করে খেলুন', url: '', linkage_type: 'NONE' });
  }
  await insertInMerchantOrder(trx, 'banners', m, banners);
  await insertInMerchantOrder(
    trx,
    'notices',
    m,
    [
      [
        'Scheduled maintenance on Sunday 02:00–03:00',
        'রবিবার ০২:০০–০৩:০০ নির্ধারিত রক্ষণাবেক্ষণ',
        'Some games may be unavailable during maintenance.',
        'রক্ষণাবেক্ষণের সময় কিছু গেম বন্ধ থাকতে পারে।',
      ],
      [
        'New slot vendors added',
        'নতুন স্লট প্রদানকারী যুক্ত হয়েছে',
        'Try the new games from Coral Wave and Mango Spin.',
        'কোরাল ওয়েভ ও ম্যাঙ্গো স্পিনের নতুন গেম খেলে দেখুন।',
      ],
      ['Deposit bonus every Friday', 'প্রতি শুক্রবার ডিপোজিট বোনাস', 'Deposit on Friday and receive 10% extra.', 'শুক্রবার ডিপোজিট করুন এবং ১০% অতিরিক্ত পান।'],
      ['Play responsibly', 'দায়িত্বের সাথে খেলুন', 'Set limits and take breaks.', 'সীমা নির্ধারণ করুন এবং বিরতি নিন।'],
      [
        'Lottery results are published hourly',
        'লটারির ফলাফল প্রতি ঘণ্টায় প্রকাশিত হয়',
        'Check the results page for every draw.',
        'প্রতিটি ড্রয়ের জন্য ফলাফল পাতা দেখুন।',
      ],
    ].map(([title_en, title_bn, content_en, content_bn]) => ({
      title_en: title_en!,
      title_bn: title_bn!,
      content_en: content_en!,
      content_bn: content_bn!,
    })),
  );
  // Popups promise only what the site has (no bonus or rebate is paid yet: those come with the bonus engine).
  await insertInMerchantOrder(trx, 'popups', m, [
    {
      execution: 'A' as const,
      promotion_type: 'PL',
      title_en: 'New promotions this week',
      title_bn: 'এই সপ্তাহের নতুন প্রোমোশন',
      content_en: 'See what is on in Promotions.',
      content_bn: 'প্রোমোশন পাতায় দেখুন কী চলছে।',
    },
    {
      execution: 'B' as const,
      promotion_type: 'B',
      title_en: 'Join Lucky Bazaar today',
      title_bn: 'আজই লাকি বাজারে যোগ দিন',
      content_en: 'Register and play in minutes.',
      content_bn: 'নিবন্ধন করুন, মিনিটেই খেলা শুরু করুন।',
    },
    {
      execution: 'F' as const,
      promotion_type: 'PU',
      title_en: 'Welcome aboard!',
      title_bn: 'স্বাগতম!',
      content_en: 'Make your first deposit from the Deposit page.',
      content_bn: 'জমা পাতা থেকে আপনার প্রথম ডিপোজিট করুন।',
    },
  ]);
  await insertInMerchantOrder(trx, 'promotions', m, demoPromotions(new Date()));
  // Seeded winner history, for vendors the platform does not run (their games are demo pages): the
  // board shows real wins of the built-in games first and fills the rest from these (docs/0039).
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const winners = Array.from({ length: 30 }, (_, i) => ({
    merchant_id: m,
    game_id: hotGameIds[i % hotGameIds.length]!,
    // Masked like the upstream: two letters, stars, last digit.
    customer_name: `${letters[(i * 7) % 26]}${letters[(i * 11 + 3) % 26]}***${(i * 3) % 10}`,
    win_amount_minor: 5_000_000 - i * 150_000 + ((i * 7919) % 9_973) * 10,
    sort: i,
  }));
  await trx.insertInto('winners').values(winners).execute();
}

const DAY_MS = 86_400_000;

/**
 * The demo promotions (docs/0084), one or more per category, with their rules in both languages:
 * running ones that began a month ago, and one that starts next week (coming soon).
 */
function demoPromotions(now: Date): Omit<Insertable<PromotionsTable>, 'merchant_id' | 'sort'>[] {
  const day = (n: number) => new Date(now.getTime() + n * DAY_MS);
  const running = { starts_at: day(-30), ends_at: null };
  const rows: Omit<Insertable<PromotionsTable>, 'merchant_id' | 'sort' | 'kind' | 'terms'>[] = [
    {
      ...running,
      title_en: 'Welcome bonus',
      title_bn: 'স্বাগতম বোনাস',
      promotion_type: 'DEPOSIT',
      category: 'NEW_MEMBER',
      rules_en: [
        "1. For a new member's first deposit of 500 or more.",
        '2. The bonus is 100% of the deposit, up to 10,000.',
        '3. The bonus and the deposit must be wagered 10 times before a withdrawal.',
        '4. One bonus per member, household and device.',
      ].join('\n'),
      rules_bn: [
        '১. নতুন সদস্যের ৫০০ বা তার বেশি প্রথম ডিপোজিটের জন্য।',
        '২. বোনাস ডিপোজিটের ১০০%, সর্বোচ্চ ১০,০০০ পর্যন্ত।',
        '৩. উত্তোলনের আগে বোনাস ও ডিপোজিট ১০ বার বাজি ধরতে হবে।',
        '৪. প্রতি সদস্য, পরিবার ও ডিভাইসে একটি বোনাস।',
      ].join('\n'),
    },
    {
      ...running,
      title_en: 'Invite friends',
      title_bn: 'বন্ধুদের আমন্ত্রণ',
      promotion_type: 'REFERRAL',
      category: 'REFERRAL',
      rules_en: [
        '1. Share your referral link, code or QR code from the member centre.',
        '2. When a friend you invited verifies a mobile number, deposits at least ৳200 and bets ৳5 within 30 days of registering, you receive ৳100.',
        '3. Accounts that share a mobile number, an e-mail address, a payee name or a network with yours do not count.',
      ].join('\n'),
      rules_bn: [
        '১. সদস্য কেন্দ্র থেকে আপনার রেফারেল লিংক, কোড বা QR কোড শেয়ার করুন।',
        '২. আপনার আমন্ত্রিত বন্ধু নিবন্ধনের ৩০ দিনের মধ্যে মোবাইল নম্বর যাচাই করলে, অন্তত ৳২০০ জমা দিলে এবং ৳৫ বাজি ধরলে আপনি পাবেন ৳১০০।',
        '৩. আপনার সঙ্গে একই মোবাইল নম্বর, ই-মেইল, প্রাপকের নাম বা নেটওয়ার্ক ব্যবহার করা অ্যাকাউন্ট গণনা করা হয় না।',
      ].join('\n'),
    },
    {
      ...running,
      title_en: 'Daily reload bonus 10%',
      title_bn: 'দৈনিক রিলোড বোনাস ১০%',
      promotion_type: 'DEPOSIT',
      category: 'DEPOSIT',
      rules_en: [
        '1. Once a day, your first deposit of 300 or more earns a 10% bonus, up to 2,000.',
        '2. The bonus must be wagered 5 times before a withdrawal.',
        '3. The day starts at midnight, Bangladesh time.',
      ].join('\n'),
      rules_bn: [
        '১. দিনে একবার, ৩০০ বা তার বেশি প্রথম ডিপোজিটে ১০% বোনাস, সর্বোচ্চ ২,০০০।',
        '২. উত্তোলনের আগে বোনাস ৫ বার বাজি ধরতে হবে।',
        '৩. দিন শুরু হয় বাংলাদেশ সময় রাত ১২টায়।',
      ].join('\n'),
    },
    {
      ...running,
      title_en: 'Weekly slots cashback 5%',
      title_bn: 'সাপ্তাহিক স্লট ক্যাশব্যাক ৫%',
      promotion_type: 'REBATE',
      category: 'REBATE',
      rules_en: [
        '1. 5% of your net loss on slot games from Monday to Sunday comes back to you.',
        '2. Cashback is paid every Monday, with no wagering requirement.',
        '3. The smallest cashback paid is 50.',
      ].join('\n'),
      rules_bn: [
        '১. সোমবার থেকে রবিবার পর্যন্ত স্লট গেমে আপনার নিট ক্ষতির ৫% ফেরত দেওয়া হয়।',
        '২. ক্যাশব্যাক প্রতি সোমবার দেওয়া হয়, কোনো বাজির শর্ত নেই।',
        '৩. সর্বনিম্ন ক্যাশব্যাক ৫০।',
      ].join('\n'),
    },
    {
      ...running,
      title_en: 'VIP birthday gift',
      title_bn: 'ভিআইপি জন্মদিনের উপহার',
      promotion_type: 'VIP',
      category: 'VIP',
      rules_en: [
        '1. VIP members receive a gift in their birthday month.',
        '2. The higher your VIP level, the bigger the gift.',
        '3. Your date of birth must be in your profile 30 days before.',
      ].join('\n'),
      rules_bn: [
        '১. ভিআইপি সদস্যরা জন্মদিনের মাসে একটি উপহার পান।',
        '২. আপনার ভিআইপি স্তর যত উঁচু, উপহার তত বড়।',
        '৩. আপনার জন্ম তারিখ ৩০ দিন আগে প্রোফাইলে থাকতে হবে।',
      ].join('\n'),
    },
    {
      starts_at: day(7),
      ends_at: day(37),
      title_en: 'Cricket festival',
      title_bn: 'ক্রিকেট উৎসব',
      promotion_type: 'EVENT',
      category: 'EVENT',
      rules_en: [
        '1. Bet on cricket matches during the festival to collect tickets.',
        '2. Every 1,000 wagered earns one ticket for the prize draw.',
        '3. Winners are announced on this page after the festival.',
      ].join('\n'),
      rules_bn: [
        '১. উৎসব চলাকালীন ক্রিকেট ম্যাচে বাজি ধরে টিকিট সংগ্রহ করুন।',
        '২. প্রতি ১,০০০ বাজিতে পুরস্কার ড্রয়ের একটি টিকিট।',
        '৩. উৎসব শেষে বিজয়ীদের নাম এই পৃষ্ঠায় ঘোষণা করা হবে।',
      ].join('\n'),
    },
  ];
  // The referral promotion pays (docs/0097): ৳100 a friend who proves a mobile, deposits ৳200 and bets ৳5 within 30 days.
  const terms = (row: (typeof rows)[number]): TPromotionTerms =>
    row.promotion_type === 'REFERRAL' ? { kind: 'referral', rewardMinor: 10_000, minDepositMinor: 20_000, turnoverMinor: 500, windowDays: 30 } : { kind: 'info' };
  return rows.map((row) => ({ ...row, kind: terms(row).kind, terms: JSON.stringify(terms(row)) }));
}
