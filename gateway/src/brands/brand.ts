import { PublicCache } from '../cache/public-cache.ts';
import { CONFIG_CHANGED, ScreenConfigService } from '../composer/screen-config.service.ts';
import { IndexHtml } from '../edge/index-html.ts';
import { PublicAnswerCache } from '../edge/public-answers.ts';
import { ConfigStreams, type StreamBudget } from '../live/config-streams.ts';
import { UpstreamClient } from '../upstream/upstream.client.ts';
import { WpsApi } from '../upstream/wps.api.ts';
import type { Brands, TBrandParts } from './brands.ts';

type TLogger = { warn(obj: object, msg: string): void; info(msg: string): void };

/** What every brand of one gateway is made with. */
export type TBrandOptions = {
  upstreamUrl: string;
  upstreamTimeoutMs?: number;
  gatewaySecret?: string;
  configPollMs: number;
  configWatchMs: number;
  publicCacheMs: number;
  /** The live streams' limits, shared by every brand's streams. */
  streamBudget: StreamBudget;
  /** The web app's index.html; null when the gateway serves no web app. */
  indexTemplate: string | null;
  logger: TLogger;
};

/**
 * One merchant as a gateway serves it (docs/0131): its upstream client (every call carries its
 * merchant code), its screen config and that config's watch, its caches of public answers, its
 * pages' live streams and its index.html. Nothing here is shared with another brand, so a brand's
 * cached answer or pushed event cannot reach another brand's pages.
 */
export class Brand implements TBrandParts {
  readonly api: WpsApi;
  readonly screenConfig: ScreenConfigService;
  /** Short-lived cache of public catalogue and content answers, cleared on every config change. */
  readonly publicCache: PublicCache;
  /** Whole public answers as ready bytes (docs/0019), as fresh as the upstream answers they hold. */
  readonly publicAnswers: PublicAnswerCache;
  readonly configStreams: ConfigStreams;
  /** The chat room's pages hear of a change made through this instance: a counter, never a message's text (docs/0117). */
  readonly chatStreams: ConfigStreams;
  readonly indexHtml: IndexHtml | null;
  private chatVersion = Date.now();

  constructor(
    readonly code: string,
    options: TBrandOptions,
  ) {
    this.api = new WpsApi(
      new UpstreamClient({ baseUrl: options.upstreamUrl, merchantCode: code, timeoutMs: options.upstreamTimeoutMs, gatewaySecret: options.gatewaySecret }),
    );
    this.screenConfig = new ScreenConfigService(this.api, { pollMs: options.configPollMs, watchWaitMs: options.configWatchMs, logger: options.logger });
    this.publicCache = new PublicCache({ ttlMs: options.publicCacheMs, maxEntries: 2000 });
    this.publicAnswers = new PublicAnswerCache({ ttlMs: options.publicCacheMs, maxEntries: 500 });
    this.configStreams = new ConfigStreams(options.streamBudget);
    this.chatStreams = new ConfigStreams(options.streamBudget);
    this.indexHtml =
      options.indexTemplate === null
        ? null
        : new IndexHtml(options.indexTemplate, { screenConfig: this.screenConfig, publicCache: this.publicCache, api: this.api, logger: options.logger });
    this.screenConfig.events.on(CONFIG_CHANGED, (version: number) => {
      this.publicCache.clear();
      this.publicAnswers.clear();
      this.configStreams.publish(version);
    });
  }

  /**
   * After an operator change through this instance: its next reads are fresh at once; pages hear of
   * it from the watch (or the poll), never awaited by the operator's call (docs/0021).
   */
  readonly configChanged = (): void => {
    this.publicCache.clear();
    this.publicAnswers.clear();
    this.screenConfig.changedHere();
  };

  /** After a chat message or a moderation: this instance's open chat pages read the room again. */
  readonly chatChanged = (): void => {
    this.chatVersion = Math.max(this.chatVersion + 1, Date.now());
    this.chatStreams.publish(this.chatVersion);
  };

  start(): void {
    this.screenConfig.start();
  }

  stop(): Promise<void> {
    return this.screenConfig.stop();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The brands this gateway serves, by host name (docs/0131); tests read a brand's parts through it. */
    brands: Brands<Brand>;
  }
}
