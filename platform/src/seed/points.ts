import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The demo merchant's points mall (docs/0113): a point per ৳1 of valid bet on slots and other RNG
 * games, fewer on the rest, 10 points per ৳100 deposited; 100 points convert to ৳1 (at least 100);
 * four goods with stock.
 */
export async function seedPoints(trx: Transaction<DB>, merchantId: number): Promise<void> {
  await trx.insertInto('points_settings').values({ merchant_id: merchantId, exchange_points: 100, exchange_minor: 100, min_convert_points: 100 }).execute();
  const rates = { live: 50, lott: 50, pvp: 50, rng: 100, sports: 50, deposit: 10 } as const;
  await trx
    .insertInto('points_earn_rates')
    .values(Object.entries(rates).map(([source, points]) => ({ merchant_id: merchantId, source: source as keyof typeof rates, points_per_100: points })))
    .execute();
  await trx
    .insertInto('points_goods')
    .values([
      {
        merchant_id: merchantId,
        name_en: 'Lucky Bazaar sticker pack',
        name_bn: 'লাকি বাজার স্টিকার প্যাক',
        description_en: 'Ten stickers with the Lucky Bazaar games, sent to your address.',
        description_bn: 'লাকি বাজারের গেমের দশটি স্টিকার, আপনার ঠিকানায় পাঠানো হবে।',
        points: 500,
        stock: 100_000,
      },
      {
        merchant_id: merchantId,
        name_en: 'Mobile recharge ৳50',
        name_bn: '৳৫০ মোবাইল রিচার্জ',
        description_en: 'A ৳50 top-up sent to the mobile number you give.',
        description_bn: 'আপনার দেওয়া মোবাইল নম্বরে ৳৫০ টপ-আপ পাঠানো হবে।',
        points: 2_000,
        stock: 100_000,
      },
      {
        merchant_id: merchantId,
        name_en: 'Lucky Bazaar T-shirt',
        name_bn: 'লাকি বাজার টি-শার্ট',
        description_en: 'A cotton T-shirt with the Lucky Bazaar logo, delivered to your address.',
        description_bn: 'লাকি বাজার লোগোসহ সুতির টি-শার্ট, আপনার ঠিকানায় পৌঁছে দেওয়া হবে।',
        points: 8_000,
        stock: 500,
      },
      {
        merchant_id: merchantId,
        name_en: 'Wireless headphones',
        name_bn: 'ওয়্যারলেস হেডফোন',
        description_en: 'Bluetooth headphones, delivered to your address.',
        description_bn: 'ব্লুটুথ হেডফোন, আপনার ঠিকানায় পৌঁছে দেওয়া হবে।',
        points: 50_000,
        stock: 50,
      },
    ])
    .execute();
}
