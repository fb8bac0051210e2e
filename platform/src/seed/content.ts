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
