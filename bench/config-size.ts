/**
 * Size of the composed ScreenConfig a visitor reading Bengali gets (docs/0019: "each vendor listed
 * once"): bytes of JSON.stringify of the tRPC answer's data, gzipped too, and how many vendor
 * objects the answer holds (a vendor object is one with a `vassalage` or, in the single-copy shape,
 * an entry of `vendors`).
 */
import { gzipSync } from 'node:zlib';

type TSize = { jsonBytes: number; gzipBytes: number; vendorObjects: number };

export type TConfigSize = TSize & {
  audience: 'visitor';
  language: 'bn';
  distinctVendors: number;
  /** Measured on main before docs/0020 (each vendor embedded where it is shown). */
  baseline: TSize;
  goal: string;
  meetsGoal: boolean;
};

const BASELINE: TSize = { jsonBytes: 36_068, gzipBytes: 3_832, vendorObjects: 142 };

/** Counts objects that describe a vendor, wherever they sit in the config. */
function vendorObjects(value: unknown, inVendors = false): { count: number; codes: Set<string> } {
  const found = { count: 0, codes: new Set<string>() };
  const walk = (v: unknown, isVendorList: boolean) => {
    if (Array.isArray(v)) {
      for (const item of v) walk(item, isVendorList);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const code = typeof o.vassalage === 'string' ? o.vassalage : isVendorList && typeof o.code === 'string' ? o.code : null;
    if (code !== null) {
      found.count += 1;
      found.codes.add(code);
    }
    for (const [key, child] of Object.entries(o)) walk(child, key === 'vendors' && Array.isArray(child) && child.some((c) => typeof c === 'object'));
  };
  walk(value, inVendors);
  return found;
}

/** Reads config.screen for a visitor in Bengali from a running gateway and measures it. */
export async function measureConfigSize(gatewayBase: string): Promise<TConfigSize> {
  const url = `${gatewayBase}/trpc/config.screen?input=${encodeURIComponent(JSON.stringify({ language: 'bn' }))}`;
  const res = await fetch(url, { headers: { 'x-language': 'bn', 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`config.screen answered ${res.status}`);
  const body = (await res.json()) as { result: { data: unknown } };
  const json = JSON.stringify(body.result.data);
  const vendors = vendorObjects(body.result.data);
  return {
    audience: 'visitor',
    language: 'bn',
    jsonBytes: Buffer.byteLength(json),
    gzipBytes: gzipSync(json).length,
    vendorObjects: vendors.count,
    distinctVendors: vendors.codes.size,
    baseline: BASELINE,
    goal: 'each vendor object once (vendorObjects = distinctVendors)',
    meetsGoal: vendors.count === vendors.codes.size,
  };
}

/** One line for the bench's printout. */
export function formatConfigSize(size: TConfigSize): string {
  const b = size.baseline;
  return (
    `config.screen size (visitor/bn): ${size.jsonBytes} bytes JSON (baseline ${b.jsonBytes}), ${size.gzipBytes} gzipped (baseline ${b.gzipBytes}), ` +
    `${size.vendorObjects} vendor objects for ${size.distinctVendors} vendors (baseline ${b.vendorObjects}; goal: each once) ${size.meetsGoal ? 'met' : 'NOT met'}`
  );
}
