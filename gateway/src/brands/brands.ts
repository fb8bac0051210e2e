import type { IncomingHttpHeaders } from 'node:http';
import { ZHostName } from '@wl/schemas';
import type { WpsApi } from '../upstream/wps.api.ts';

type TLogger = { warn(obj: object, msg: string): void; info(msg: string): void };

/** How often the brands and their host names are read again: a brand added while gateways run is served within this. */
export const BRANDS_REFRESH_MS = 30_000;

/** What a brand needs besides its code: made once per merchant code, on the first request for it. */
export type TBrandParts = { start(): void; stop(): Promise<void> };

/**
 * The host name of a request as its brand is chosen by (docs/0131): the `Host` header the browser
 * sent, lower case, without its port or a trailing dot; '' when it has none or it is no host name.
 * Behind a proxy the proxy must pass the browser's Host on (nginx: `proxy_set_header Host $host`).
 */
export function hostOf(headers: IncomingHttpHeaders): string {
  const raw = headers.host;
  if (typeof raw !== 'string' || raw.length > 300) return '';
  // An IPv6 literal keeps its brackets ([::1]:8080 → [::1]); anything else loses the port.
  const host = (raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.replace(/:\d*$/, '')).toLowerCase().replace(/\.$/, '');
  return ZHostName.safeParse(host).success ? host : '';
}

/**
 * The brands one gateway serves (docs/0131): every request's merchant is chosen from its host name by
 * the platform's list of brands and their hosts (`brands`, a server call), read at start and every
 * BRANDS_REFRESH_MS; a host nobody claimed, or any host while the list cannot be read (an upstream
 * without the call, or no gateway secret), is the deployment's default merchant (MERCHANT_CODE).
 * Each merchant's parts (its upstream client, screen config and its watch, caches, live streams) are
 * made on its first request and live as long as the gateway: a brand's caches and pages never see
 * another's.
 */
export class Brands<B extends TBrandParts> {
  private hosts = new Map<string, string>();
  private readonly made = new Map<string, B>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private lastFailed = false;

  constructor(
    readonly defaultCode: string,
    private readonly make: (code: string) => B,
    private readonly options: { list: () => ReturnType<WpsApi['brands']>; logger: TLogger; refreshMs?: number },
  ) {}

  /** The merchant code a host name resolves to. */
  codeOf(host: string): string {
    return this.hosts.get(host) ?? this.defaultCode;
  }

  /** The brand of a request (by its Host header), made on first use. */
  of(request: { headers: IncomingHttpHeaders }): B {
    return this.byCode(this.codeOf(hostOf(request.headers)));
  }

  private byCode(code: string): B {
    let brand = this.made.get(code);
    if (!brand) {
      brand = this.make(code);
      this.made.set(code, brand);
      if (this.started) brand.start();
    }
    return brand;
  }

  /** Reads the brands now; keeps the last list when the read fails (logged once per failure run). */
  async refresh(): Promise<void> {
    try {
      const { brands } = await this.options.list();
      const hosts = new Map<string, string>();
      for (const brand of brands) for (const host of brand.hosts) hosts.set(host, brand.code);
      this.hosts = hosts;
      this.lastFailed = false;
    } catch (error) {
      if (!this.lastFailed) this.options.logger.warn({ err: error }, 'brands could not be read; every host is served as the default merchant until they can');
      this.lastFailed = true;
    }
  }

  /** Reads the brands, starts the default brand's parts (and any made before), then reads again every refreshMs. */
  async start(): Promise<void> {
    await this.refresh();
    this.started = true;
    for (const brand of this.made.values()) brand.start();
    // The default brand is watched from the start, before its first request.
    this.byCode(this.defaultCode);
    const every = this.options.refreshMs ?? BRANDS_REFRESH_MS;
    const tick = () => {
      this.timer = setTimeout(() => void this.refresh().finally(() => this.started && tick()), every);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all([...this.made.values()].map((b) => b.stop()));
  }

  /** The host names some brand claims, with that brand's code, in name order. */
  hostNames(): [string, string][] {
    return [...this.hosts].sort(([a], [b]) => (a < b ? -1 : 1));
  }

  /** Every brand made so far. */
  get all(): B[] {
    return [...this.made.values()];
  }
}
