/**
 * Dialing codes offered by the phone forms. ScreenConfig does not carry the merchant's country list
 * yet (registration settings hold it upstream); these are the seeded merchant's, Bangladesh first.
 */
export const DIALING_CODES = ['+880', '+91'] as const;
/** The default dialing code (docs/rules/reach.md#r-1: a Bangladeshi site, BN default). */
export const DEFAULT_DIALING_CODE = DIALING_CODES[0];

/** A dialing-code select shared by the phone forms. */
export function CountrySelect({ testId, value, onChange, label }: { testId: string; value: string; onChange: (v: string) => void; label: string }) {
  return (
    <select className="select country-select" data-testid={testId} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {DIALING_CODES.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
}
