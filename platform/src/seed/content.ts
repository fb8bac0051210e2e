import type { Transaction } from 'kysely';
import { BANNER_GROUPS } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { insertInMerchantOrder } from './merchant.ts';
import { demoPromotions } from './promotions.ts';

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
  await insertInMerchantOrder(trx, 'notices', m, demoNotices(new Date()));
  // Popups promise only what the site has: the welcome bonus below is a running deposit match (docs/0096).
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
      content_en: 'Join the Welcome bonus in Promotions, then make your first deposit: 100% up to ৳10,000.',
      content_bn: 'প্রোমোশন পাতায় স্বাগতম বোনাসে যোগ দিন, তারপর প্রথম ডিপোজিট করুন: ১০০%, সর্বোচ্চ ৳১০,০০০।',
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
 * The demo announcements (docs/0112): the marquee's first five (newest first), older ones so the
 * list has a second page, two for agents only, and one scheduled a month ahead that no list shows
 * before its time.
 */
function demoNotices(now: Date) {
  const everyone: [string, string, string, string][] = [
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
    ['Crash game now live', 'ক্র্যাশ গেম এখন চালু', 'Cash out before the rocket flies away.', 'রকেট উড়ে যাওয়ার আগেই ক্যাশ আউট করুন।'],
    ['Faster withdrawals to bKash', 'বিকাশে আরও দ্রুত উত্তোলন', 'Most withdrawals now arrive within an hour.', 'বেশিরভাগ উত্তোলন এখন এক ঘণ্টার মধ্যে পৌঁছায়।'],
    ['Bengali language everywhere', 'সবখানে বাংলা ভাষা', 'Every page of the site now reads in Bengali.', 'সাইটের প্রতিটি পাতা এখন বাংলায় পড়া যায়।'],
    ['Secure your account', 'আপনার অ্যাকাউন্ট সুরক্ষিত করুন', 'Bind your mobile number in the security centre.', 'নিরাপত্তা কেন্দ্রে আপনার মোবাইল নম্বর যুক্ত করুন।'],
    ['VIP levels are here', 'ভিআইপি স্তর চালু হয়েছে', 'Play more to reach higher levels and rebates.', 'আরও খেলে উঁচু স্তর ও রিবেট অর্জন করুন।'],
    [
      'Invite friends, earn rewards',
      'বন্ধুদের আমন্ত্রণ জানান, পুরস্কার পান',
      'Share your referral link from the member centre.',
      'সদস্য কেন্দ্র থেকে আপনার রেফারেল লিংক শেয়ার করুন।',
    ],
    ['Welcome to Lucky Bazaar', 'লাকি বাজারে স্বাগতম', 'Thank you for playing with us.', 'আমাদের সাথে খেলার জন্য ধন্যবাদ।'],
  ];
  const agentsOnly: [string, string, string, string][] = [
    [
      'Agent commissions paid daily',
      'এজেন্ট কমিশন প্রতিদিন পরিশোধ',
      'Daily wages are settled the next day for every agent.',
      'প্রত্যেক এজেন্টের দৈনিক মজুরি পরের দিন নিষ্পত্তি হয়।',
    ],
    [
      'New register centre codes',
      'রেজিস্টার সেন্টারের নতুন কোড',
      'Create invitation codes for agents and members in the register centre.',
      'রেজিস্টার সেন্টারে এজেন্ট ও সদস্যদের জন্য আমন্ত্রণ কোড তৈরি করুন।',
    ],
  ];
  const row = ([title_en, title_bn, content_en, content_bn]: [string, string, string, string], daysAgo: number, audience: 'all' | 'agents') => ({
    title_en,
    title_bn,
    content_en,
    content_bn,
    published_at: new Date(now.getTime() - daysAgo * DAY_MS),
    audience,
  });
  return [
    ...everyone.map((n, i) => row(n, i, 'all')),
    ...agentsOnly.map((n, i) => row(n, i + 0.5, 'agents')),
    row(['Summer festival starts next month', 'আগামী মাসে গ্রীষ্ম উৎসব শুরু', 'Prizes every day of the festival.', 'উৎসবের প্রতিদিন পুরস্কার।'], -30, 'all'),
  ];
}
