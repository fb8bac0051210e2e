/**
 * Formats an amount in minor units with 2 decimals and thousands separators (SPEC §9), using
 * integer arithmetic only so no float rounding ever shows up in a balance.
 */
export function formatMinor(minor: number, currencySymbol = ''): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${sign}${currencySymbol}${whole}.${cents}`;
}

/** The masked form of a hidden balance (SPEC §2: shown as ***). */
export const MASKED_BALANCE = '***';
