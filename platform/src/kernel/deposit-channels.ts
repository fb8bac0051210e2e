/** ৳ amounts in minor units. */
const tk = (taka: number) => taka * 100;

/**
 * The deposit channels a merchant starts with (docs/0028): mobile wallets and bank transfer,
 * which an operator approves, and the simulated channel that settles by itself (a job) after
 * auto_settle_seconds. The demo seed writes them all; `pnpm merchant:create` writes those an
 * operator approves, switched off (docs/0065). `quick` amounts are in taka.
 */
export const DEPOSIT_CHANNEL_PRESETS = [
  { code: 'bkash', name: 'bKash', min_minor: tk(200), max_minor: tk(25_000), quick: [500, 1_000, 2_000, 5_000, 10_000], auto_settle_seconds: null },
  { code: 'nagad', name: 'Nagad', min_minor: tk(200), max_minor: tk(25_000), quick: [500, 1_000, 2_000, 5_000, 10_000], auto_settle_seconds: null },
  { code: 'rocket', name: 'Rocket', min_minor: tk(200), max_minor: tk(20_000), quick: [500, 1_000, 2_000, 5_000], auto_settle_seconds: null },
  { code: 'bank', name: 'Bank transfer', min_minor: tk(1_000), max_minor: tk(500_000), quick: [5_000, 10_000, 25_000, 50_000], auto_settle_seconds: null },
  { code: 'demo_instant', name: 'Demo instant', min_minor: tk(100), max_minor: tk(10_000), quick: [100, 500, 1_000], auto_settle_seconds: 5 },
] as const;
