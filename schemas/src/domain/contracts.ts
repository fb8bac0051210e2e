/**
 * Agent contracts (docs/0049, docs/rules/agent.md#ag-9 contract fields, docs/rules/agent.md#ag-10 contract states, docs/rules/agent.md#ag-12 salary
 * timings): the kinds, their periods and the two rules every side computes alike — which
 * tier a period's figures earn, and whether one contract's rates stay within another's. Pure (no
 * zod, no I/O): the platform settles with it and the web previews with it.
 */

/** dividend (agentDividendRecordCopy2), daily wage (agentDailyWages2), hourly salary (agentHourSalary), real-time salary (agentRealtimeSalary). */
export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type TContractKind = (typeof CONTRACT_KINDS)[number];

/** The whitelabel modId that switches each kind on (UPSTREAM-NOTES; AGENT_PAGE_MODULES). */
export const CONTRACT_KIND_MODULES: Readonly<Record<TContractKind, string>> = {
  dividend: 'DIVIDEND',
  daily: 'DAYSAL',
  hourly: 'HOURSAL3',
  realtime: 'RTSALARY3',
};

/** The agent page of each kind (docs/rules/README.md#screens). */
export const CONTRACT_KIND_PAGES = {
  dividend: 'agentDividendRecordCopy2',
  daily: 'agentDailyWages2',
  hourly: 'agentHourSalary',
  realtime: 'agentRealtimeSalary',
} as const satisfies Record<TContractKind, string>;

/** docs/rules/agent.md#ag-10: new request → accepted | rejected; termination request → terminated. */
export const CONTRACT_STATES = ['new', 'accepted', 'rejected', 'termination', 'terminated'] as const;
export type TContractState = (typeof CONTRACT_STATES)[number];
/** States in which a contract binds (at most one per holder and kind). */
export const LIVE_CONTRACT_STATES: readonly TContractState[] = ['new', 'accepted', 'termination'];
/** States in which a contract is paid. */
export const PAID_CONTRACT_STATES: readonly TContractState[] = ['accepted', 'termination'];

/** Dividend periods (docs/rules/agent.md#ag-9): daily, weekly (from Monday), semimonthly (1st–15th, 16th–end), monthly. */
export const DIVIDEND_PERIODS = ['D', 'W', 'H', 'M'] as const;
export type TDividendPeriod = (typeof DIVIDEND_PERIODS)[number];

/** Rates are basis points of the base: 10,000 = 100 %. */
export const RATE_BP_MAX = 10_000;
export const CONTRACT_TIERS_MAX = 10;

/** Real-time salary settles every 5 minutes (docs/rules/agent.md#ag-12). */
export const REALTIME_WINDOW_SECONDS = 300;

export type TDividendTier = { minValidBetMinor: number; minLossMinor: number; minActive: number; rateBp: number };
export type TVolumeTier = { minBetMinor: number; rateBp: number };
export type TContractTerms =
  | { kind: 'dividend'; period: TDividendPeriod; tiers: TDividendTier[] }
  | { kind: 'daily'; tiers: TVolumeTier[] }
  | { kind: 'hourly'; tiers: TVolumeTier[] }
  | { kind: 'realtime'; profitRateBp: number; lossRateBp: number; minSingleBetMinor: number };

/** What a period of a holder's team did: the inputs of a settlement. */
export type TPeriodFigures = {
  /** Stakes less rollbacks. */
  validBetMinor: number;
  /** Wins paid. */
  payoutMinor: number;
  /** Members with at least one bet. */
  activeMembers: number;
  /** Real-time only: stakes of single bets at or above the contract's single bet amount (less their rollbacks). */
  qualifyingBetMinor: number;
};

/** What a period earns: the base the rate applies to, the rate of the tier reached (0: none) and the amount. */
export type TEarning = { baseMinor: number; rateBp: number; amountMinor: number };

const volumeRate = (tiers: readonly TVolumeTier[], bet: number) => tiers.reduce((r, t) => (bet >= t.minBetMinor && t.rateBp > r ? t.rateBp : r), 0);
const dividendRate = (tiers: readonly TDividendTier[], validBet: number, loss: number, active: number) =>
  tiers.reduce((r, t) => (validBet >= t.minValidBetMinor && loss >= t.minLossMinor && active >= t.minActive && t.rateBp > r ? t.rateBp : r), 0);

/** rate × base, rounded down to the minor unit (integers only: the house never pays a fraction). */
export function applyRate(baseMinor: number, rateBp: number): number {
  if (baseMinor <= 0 || rateBp <= 0) return 0;
  return Number((BigInt(baseMinor) * BigInt(rateBp)) / BigInt(RATE_BP_MAX));
}

/**
 * The tier a period's figures reach and what it pays (docs/0049):
 * - daily / hourly: the team's valid bet of the day / hour, at the highest tier whose bet amount it reaches;
 * - dividend: the team's loss (valid bet − payout, when positive) of the period, at the highest tier
 *   whose valid bet, loss and active member count are all reached;
 * - real-time: the stakes of single bets of at least the single bet amount, at the loss-salary rate
 *   when the team lost in the window (or broke even) and at the profit-salary rate when it won.
 */
export function contractEarning(terms: TContractTerms, f: TPeriodFigures): TEarning {
  switch (terms.kind) {
    case 'daily':
    case 'hourly': {
      const rateBp = volumeRate(terms.tiers, f.validBetMinor);
      return { baseMinor: f.validBetMinor, rateBp, amountMinor: applyRate(f.validBetMinor, rateBp) };
    }
    case 'dividend': {
      const loss = Math.max(0, f.validBetMinor - f.payoutMinor);
      const rateBp = dividendRate(terms.tiers, f.validBetMinor, loss, f.activeMembers);
      return { baseMinor: loss, rateBp, amountMinor: applyRate(loss, rateBp) };
    }
    case 'realtime': {
      const teamWon = f.payoutMinor > f.validBetMinor;
      const rateBp = teamWon ? terms.profitRateBp : terms.lossRateBp;
      return { baseMinor: f.qualifyingBetMinor, rateBp, amountMinor: applyRate(f.qualifyingBetMinor, rateBp) };
    }
  }
}

/**
 * "A downline's rate can never exceed its upline's" (docs/0049), pointwise: at every level of
 * play where the offered contract pays a rate, the cap pays at least that rate. Rates only rise with
 * the figures, so checking each offered tier at its own minimums is enough. Dividends also need the
 * same period (a monthly threshold and a daily one do not compare). Real-time: each rate on its own.
 */
export function withinCap(offered: TContractTerms, cap: TContractTerms): boolean {
  if (offered.kind === 'realtime') return cap.kind === 'realtime' && offered.profitRateBp <= cap.profitRateBp && offered.lossRateBp <= cap.lossRateBp;
  if (offered.kind === 'dividend') {
    if (cap.kind !== 'dividend' || cap.period !== offered.period) return false;
    return offered.tiers.every((t) => t.rateBp <= dividendRate(cap.tiers, t.minValidBetMinor, t.minLossMinor, t.minActive));
  }
  if (cap.kind !== offered.kind) return false;
  return offered.tiers.every((t) => t.rateBp <= volumeRate(cap.tiers, t.minBetMinor));
}

/** The highest rate a contract can pay (for lists). */
export function topRateBp(terms: TContractTerms): number {
  if (terms.kind === 'realtime') return Math.max(terms.profitRateBp, terms.lossRateBp);
  return Math.max(0, ...terms.tiers.map((t) => t.rateBp));
}

/**
 * Why tiers are not acceptable, or null: rates rise strictly from tier to tier and no minimum falls
 * (a tier that can never be reached, or one that pays less for more, is a typo, not a contract).
 */
export function tiersProblem(terms: TContractTerms): string | null {
  if (terms.kind === 'realtime') return terms.profitRateBp === 0 && terms.lossRateBp === 0 ? 'contract_rate_zero' : null;
  const tiers: readonly (TVolumeTier | TDividendTier)[] = terms.tiers;
  for (let i = 1; i < tiers.length; i++) {
    const a = tiers[i - 1]!;
    const b = tiers[i]!;
    if (b.rateBp <= a.rateBp) return 'contract_tiers_order';
    if ('minBetMinor' in a && 'minBetMinor' in b && b.minBetMinor <= a.minBetMinor) return 'contract_tiers_order';
    if (
      'minValidBetMinor' in a &&
      'minValidBetMinor' in b &&
      (b.minValidBetMinor < a.minValidBetMinor || b.minLossMinor < a.minLossMinor || b.minActive < a.minActive)
    )
      return 'contract_tiers_order';
  }
  return null;
}

/** A period as instants `[start, end)`. */
export type TPeriod = { start: number; end: number };

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The settlement period holding `instant`: real-time windows are multiples of the window since the
 * Unix epoch (every process computes the same ones); hours, days, weeks (from Monday), half months
 * and months are the merchant's local ones (`tzOffsetMinutes` east of UTC).
 */
export function periodAt(
  kind: TContractKind,
  dividendPeriod: TDividendPeriod | null,
  instant: number,
  tzOffsetMinutes: number,
  realtimeWindowSeconds = REALTIME_WINDOW_SECONDS,
): TPeriod {
  const off = tzOffsetMinutes * MINUTE;
  const local = instant + off;
  if (kind === 'realtime') {
    const w = realtimeWindowSeconds * 1000;
    const start = Math.floor(instant / w) * w;
    return { start, end: start + w };
  }
  if (kind === 'hourly') {
    const start = Math.floor(local / HOUR) * HOUR - off;
    return { start, end: start + HOUR };
  }
  const p: TDividendPeriod = kind === 'daily' ? 'D' : (dividendPeriod ?? 'M');
  const dayStart = Math.floor(local / DAY) * DAY;
  if (p === 'D') return { start: dayStart - off, end: dayStart + DAY - off };
  if (p === 'W') {
    const weekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday 0
    const start = dayStart - weekday * DAY;
    return { start: start - off, end: start + 7 * DAY - off };
  }
  const d = new Date(dayStart);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (p === 'M') return { start: Date.UTC(y, m, 1) - off, end: Date.UTC(y, m + 1, 1) - off };
  // H: semimonthly.
  return d.getUTCDate() <= 15
    ? { start: Date.UTC(y, m, 1) - off, end: Date.UTC(y, m, 16) - off }
    : { start: Date.UTC(y, m, 16) - off, end: Date.UTC(y, m + 1, 1) - off };
}
