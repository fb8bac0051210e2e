import { EventEmitter } from 'node:events';
import { LANGUAGES, ZScreenConfig, type TLanguage, type TScreenConfig } from '@wl/schemas';
import type { WpsApi } from '../upstream/wps.api.ts';
import { composeScreenConfig, type TComposerInputs, type TViewer } from './compose-screen-config.ts';

/** Event emitted after the upstream's configuration version changed and inputs were refetched. */
export const CONFIG_CHANGED = 'change';

type TLogger = { warn(obj: object, msg: string): void };

/**
 * Keeps composed screen configs fresh: inputs cached per language, composed configs cached per
 * (configVersion, audience, language, referral, hasVip), and a poller on the upstream's config
 * version that refetches, clears and tells subscribers (DESIGN: "recomposed when an operator
 * changes something").
 */
export class ScreenConfigService {
  readonly events = new EventEmitter();
  private readonly inputs = new Map<TLanguage, Promise<TComposerInputs>>();
  private readonly composed = new Map<string, TScreenConfig>();
  private knownVersion: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private stopped = false;
  private lastPollFailed = false;

  constructor(
    private readonly api: WpsApi,
    private readonly options: { pollMs: number; logger: TLogger },
  ) {
    // Every open page holds one listener.
    this.events.setMaxListeners(0);
  }

  /** Starts polling the upstream's config version. */
  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Stops polling; pending polls finish but schedule nothing more. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.queued?.catch(() => undefined);
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.poll().finally(() => this.schedule());
    }, this.options.pollMs);
    this.timer.unref();
  }

  /**
   * Checks the config version now. A poll already under way may have read the version before the
   * caller's change, so a call during one queues exactly one more poll after it.
   */
  poll(): Promise<void> {
    if (!this.running) {
      this.running = this.pollOnce().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    if (!this.queued) {
      this.queued = this.running.then(() => {
        this.queued = null;
        return this.poll();
      });
    }
    return this.queued;
  }

  private async pollOnce(): Promise<void> {
    let version: number;
    try {
      ({ version } = await this.api.configVersion({ language: 'bn' }));
    } catch (error) {
      if (!this.lastPollFailed) this.options.logger.warn({ err: error }, 'config version poll failed');
      this.lastPollFailed = true;
      return;
    }
    this.lastPollFailed = false;
    if (version === this.knownVersion) return;
    // Refetch before announcing, so subscribers recompose from the new inputs, not a cold cache.
    const languages = LANGUAGES.filter((language) => this.inputs.has(language));
    const fresh = languages.map((language) => [language, this.fetchInputs(language)] as const);
    try {
      await Promise.all(fresh.map(([, pending]) => pending));
    } catch (error) {
      this.options.logger.warn({ err: error }, 'config inputs refetch failed; retrying on next poll');
      return;
    }
    this.knownVersion = version;
    this.inputs.clear();
    for (const [language, pending] of fresh) this.inputs.set(language, pending);
    this.composed.clear();
    this.events.emit(CONFIG_CHANGED, version);
  }

  private async fetchInputs(language: TLanguage): Promise<TComposerInputs> {
    const ctx = { language };
    // Version first: the data read after it is at least that new, so a later change is never missed.
    const { version } = await this.api.configVersion(ctx);
    const [whitelabel, permission, registerSettings, registerRules, gameMenus, systemStatus] = await Promise.all([
      this.api.whitelabel(ctx),
      this.api.permissionInfo(ctx),
      this.api.registerSettings(ctx),
      this.api.registerRules(ctx),
      this.api.gameMenus(ctx),
      this.api.systemStatus(ctx),
    ]);
    return {
      merchantCode: this.api.merchantCode,
      configVersion: version,
      whitelabel,
      permission,
      registerSettings,
      registerRules,
      gameMenus,
      systemStatus,
    };
  }

  private inputsFor(language: TLanguage): Promise<TComposerInputs> {
    let pending = this.inputs.get(language);
    if (!pending) {
      pending = this.fetchInputs(language);
      this.inputs.set(language, pending);
      // A failed fetch must not stick: the next caller tries again.
      pending.catch(() => {
        if (this.inputs.get(language) === pending) this.inputs.delete(language);
      });
    }
    return pending;
  }

  /** The composed and validated config for a viewer and language, with `system.ip` set to the browser's address. */
  async screenConfig(viewer: TViewer, language: TLanguage, ip: string): Promise<TScreenConfig> {
    const inputs = await this.inputsFor(language);
    const key = [inputs.configVersion, viewer.audience, language, viewer.referralEnabled, viewer.hasVip].join('|');
    let config = this.composed.get(key);
    if (!config) {
      // Validated once, when composed: every caller then gets an already checked object, so the hot
      // path does not parse 35 KB of config per request (bench: config.screen).
      config = ZScreenConfig.parse(composeScreenConfig(inputs, viewer, language));
      this.composed.set(key, config);
    }
    return ip === '' ? config : { ...config, system: { ...config.system, ip } };
  }
}
