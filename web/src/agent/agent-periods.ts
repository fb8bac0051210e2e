import { dayText, midnight } from '../lib/local-days.ts';

/** The agent reports' periods (docs/0046, docs/0051): named ranges of the agent's local days, or its own. */
export const AGENT_PERIODS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'custom'] as const;
export type TAgentPeriod = (typeof AGENT_PERIODS)[number];

/**
 * A named period as `[from, to)` local instants: today and yesterday are one day; weeks start on
 * Monday; "this" periods end at the end of today. `custom` takes two yyyy-mm-dd days, both included.
 */
export function periodRange(
  period: TAgentPeriod,
  now: Date,
  custom: { from: string; to: string } = { from: dayText(now), to: dayText(now) },
): { from: Date; to: Date } {
  const today = dayText(now);
  const mondayOffset = (now.getDay() + 6) % 7;
  switch (period) {
    case 'today':
      return { from: midnight(today), to: midnight(today, 1) };
    case 'yesterday':
      return { from: midnight(today, -1), to: midnight(today) };
    case 'thisWeek':
      return { from: midnight(today, -mondayOffset), to: midnight(today, 1) };
    case 'lastWeek':
      return { from: midnight(today, -mondayOffset - 7), to: midnight(today, -mondayOffset) };
    case 'thisMonth':
      return { from: new Date(now.getFullYear(), now.getMonth(), 1), to: midnight(today, 1) };
    case 'custom':
      return { from: midnight(custom.from), to: midnight(custom.to, 1) };
  }
}

/** The custom period a report opens with: the last seven days, today included. */
export function lastSevenDays(now: Date): { from: string; to: string } {
  const today = dayText(now);
  return { from: dayText(midnight(today, -6)), to: today };
}

/** Why a range cannot be asked for (the platform refuses the same), or null. */
export function rangeProblemOf(range: { from: Date; to: Date }, maxDays: number): 'record_range_invalid' | 'record_range_too_long' | null {
  const days = Math.round((range.to.getTime() - range.from.getTime()) / 86_400_000);
  return days < 1 ? 'record_range_invalid' : days > maxDays ? 'record_range_too_long' : null;
}

/** `first-last` day of a range, for export file names. */
export function rangeFileSuffix(range: { from: Date; to: Date }): string {
  return `${dayText(range.from)}-${dayText(new Date(range.to.getTime() - 1))}`;
}
