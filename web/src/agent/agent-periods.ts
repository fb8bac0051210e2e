/** The team overview's periods (issue 10 item 2): named ranges of the agent's local days, or its own. */
export const AGENT_PERIODS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'custom'] as const;
export type TAgentPeriod = (typeof AGENT_PERIODS)[number];

/** yyyy-mm-dd of a local date. */
export function dayText(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Local midnight of a yyyy-mm-dd, shifted by whole days. */
export function midnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays);
}

/**
 * A named period as `[from, to)` local instants: today and yesterday are one day; weeks start on
 * Monday; "this" periods end at the end of today. `custom` takes two yyyy-mm-dd days, both included.
 */
export function periodRange(period: TAgentPeriod, now: Date, custom: { from: string; to: string } = { from: dayText(now), to: dayText(now) }): { from: Date; to: Date } {
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
