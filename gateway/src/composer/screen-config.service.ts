import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CATALOGUE_CALLS,
  LANGUAGES,
  SYSTEM_CALLS,
  WPS_CODES,
  ZScreenConfig,
  type TConfigMap,
  type TLanguage,
  type TScreenConfig,
  type TWhitelabelNode,
} from '@wl/schemas';
import { UpstreamError, UpstreamProtocolError } from '../upstream/upstream.errors.ts';
import type { WpsApi } from '../upstream/wps.api.ts';
import { encodeAnswer, type TEncodedAnswer } from '../edge/encoded-answer.ts';
import { composeScreenConfig, type TComposerInputs, type TViewer } from './compose-screen-config.ts';

/** Event emitted after the upstream's configuration version changed and inputs were refetched. */
export const CONFIG_CHANGED = 'change';

type TLogger = { warn(obj: object, msg: string): void; info(msg: string): void };

/** Pause after a failed watch, or a change whose inputs could not be read yet, before asking again. */
const WATCH_RETRY_MS = 1000;

/** True when the upstream says it has no config watch for us (a real upstream without it: poll instead). */
function watchNotOffered(error: unknown): boolean {
  if (error instanceof UpstreamError) return error.code === WPS_CODES.notFound || error.code === WPS_CODES.forbidden;
  // Not our envelope at all: a 404 page of some other server.
  return error instanceof UpstreamProtocolError && /HTTP 40[34]\b/.test(error.message);
}

/**
 * Keeps composed screen configs fresh: inputs cached per language, composed configs cached per
 * (configVersion, audience, language, referral, hasVip), and a watch on the upstream's config
 * version that refetches, clears and tells listeners (DESIGN: "recomposed when an operator
 * changes something"). The watch is the upstream's long-poll (docs/0021), which answers as soon as
 * a change commits on any instance; an upstream without it is polled every `pollMs`.
 */
export class ScreenConfigService {
  readonly events = new EventEmitter();
  private readonly inputs = new Map<TLanguage, Promise<TComposerInputs>>();
  private readonly composed = new Map<string, { config: TScreenConfig; answer: Promise<TEncodedAnswer> | null }>();
  /** Encoded answers of the current inputs, by viewer kind and language, for synchronous readers (the byte door). */
  private readonly ready = new Map<string, TEncodedAnswer>();
  /** Bumped whenever the composed answers are dropped: an answer made before is not kept as ready. */
  private generation = 0;
  private knownVersion: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private stopped = false;
  private lastPollFailed = false;
  private lastWatchFailed = false;
  private watching: Promise<void> | null = null;
  private abort = new AbortController();

  constructor(
    private readonly api: WpsApi,
    private readonly options: {
      /** Poll interval when the upstream has no watch. */
      pollMs: number;
      /** How long one watch call may wait for a change (ms); 0 turns the watch off (polling only). */
      watchWaitMs: number;
      logger: TLogger;
    },
  ) {}

  /** The upstream's config version the caches hold; null until first read. */
  get version(): number | null {
    return this.knownVersion;
  }

  /** Starts watching the upstream's config version (or polling it, when it offers no watch). */
  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    this.watching = this.watch();
  }

  /** Stops watching and polling; a poll under way finishes but nothing more is scheduled. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.watching;
    await this.queued?.catch(() => undefined);
    await this.running?.catch(() => undefined);
  }

  /** The watch loop: each answer is the version now; a new one is read in through poll(). */
  private async watch(): Promise<void> {
    await this.poll();
    if (this.options.watchWaitMs <= 0) {
      this.schedule();
      return;
    }
    while (!this.stopped) {
      try {
        const { version } = await this.api.configWatch({ since: this.knownVersion, waitMs: this.options.watchWaitMs }, this.abort.signal);
        this.lastWatchFailed = false;
        if (version === this.knownVersion) continue;
        await this.poll();
        // Inputs could not be read yet (the poll logged why): do not spin on a watch that answers at once.
        if (this.knownVersion !== version) await this.pause();
      } catch (error) {
        if (this.stopped) return;
        if (watchNotOffered(error)) {
          this.options.logger.info(`upstream offers no config watch; polling its config version every ${this.options.pollMs} ms`);
          this.schedule();
          return;
        }
        if (!this.lastWatchFailed) this.options.logger.warn({ err: error }, 'config watch failed; polling until it is back');
        this.lastWatchFailed = true;
        await this.poll();
        await this.pause();
      }
    }
  }

  private async pause(): Promise<void> {
    await sleep(WATCH_RETRY_MS, undefined, { signal: this.abort.signal }).catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.poll().finally(() => this.schedule());
    }, this.options.pollMs);
    this.timer.unref();
  }

  /**
   * This instance has just committed a change upstream (an operator call through it): its next
   * reads must see the change (read-your-writes), so the cached inputs and answers go now, and a
   * poll tells the listeners once the new version is read in. Never awaited by the caller.
   */
  changedHere(): void {
    // Each language in use is read again now; readers wait for that read, never for the old one.
    for (const language of [...this.inputs.keys()]) this.startFetch(language);
    this.dropComposed();
    void this.poll();
  }

  /**
   * Checks the config version now. A poll already under way may have read the version before the
   * caller's change, so a call during one queues exactly one more poll after it. Never rejects.
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
      ({ version } = await this.api.call(SYSTEM_CALLS.configVersion, undefined, { language: 'bn' }));
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
    this.dropComposed();
    this.events.emit(CONFIG_CHANGED, version);
  }

  private async fetchInputs(language: TLanguage): Promise<TComposerInputs> {
    const ctx = { language };
    // Version first: the data read after it is at least that new, so a later change is never missed.
    const { version } = await this.api.call(SYSTEM_CALLS.configVersion, undefined, ctx);
    const [whitelabel, permission, registerSettings, registerRules, gameMenus, systemStatus] = await Promise.all([
      this.api.call(SYSTEM_CALLS.whitelabel, undefined, ctx),
      this.api.call(SYSTEM_CALLS.permissionInfo, undefined, ctx),
      this.api.call(SYSTEM_CALLS.registerSettings, undefined, ctx),
      this.api.call(SYSTEM_CALLS.registerRules, undefined, ctx),
      this.api.call(CATALOGUE_CALLS.gameMenus, undefined, ctx),
      this.api.call(SYSTEM_CALLS.status, undefined, ctx),
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
    return this.inputs.get(language) ?? this.startFetch(language);
  }

  /** Reads a language's inputs and keeps the read as the cached one. */
  private startFetch(language: TLanguage): Promise<TComposerInputs> {
    const pending = this.fetchInputs(language);
    this.inputs.set(language, pending);
    // A failed fetch must not stick: the next caller tries again.
    pending.catch(() => {
      if (this.inputs.get(language) === pending) this.inputs.delete(language);
    });
    return pending;
  }

  private async composedFor(viewer: TViewer, language: TLanguage) {
    const inputs = await this.inputsFor(language);
    const key = [inputs.configVersion, viewer.audience, language, viewer.referralEnabled, viewer.hasVip].join('|');
    let entry = this.composed.get(key);
    if (!entry) {
      // Validated once, when composed: every caller then gets an already checked object, so the hot
      // path does not parse 35 KB of config per request (bench: config.screen).
      entry = { config: ZScreenConfig.parse(composeScreenConfig(inputs, viewer, language)), answer: null };
      this.composed.set(key, entry);
    }
    return entry;
  }

  private dropComposed(): void {
    this.composed.clear();
    this.ready.clear();
    this.generation++;
  }

  /**
   * `config.screen`'s encoded answer for a viewer and language if one was made from the current
   * inputs, else undefined (never waits, never composes): the byte door answers from it (docs/0019).
   */
  readyAnswer(viewer: TViewer, language: TLanguage): TEncodedAnswer | undefined {
    return this.ready.get(readyKey(viewer, language));
  }

  /**
   * The config a draft would make (docs/0131's preview, docs/0123): the current inputs with the
   * draft's configuration applied over them (`config`, the platform's `configPreview` of the draft,
   * already checked to be the caller's own), composed for the viewer and never cached or pushed.
   * Switches and maintenance show as they would; a game category the draft switches on while it is
   * off now shows only once published (the catalogue lists the categories that are on).
   */
  async previewConfig(viewer: TViewer, language: TLanguage, config: TConfigMap): Promise<TScreenConfig> {
    const inputs = withConfig(await this.inputsFor(language), config);
    return ZScreenConfig.parse(composeScreenConfig(inputs, viewer, language));
  }

  /** The composed and validated config for a viewer and language (the same object for every caller). */
  async screenConfig(viewer: TViewer, language: TLanguage): Promise<TScreenConfig> {
    return (await this.composedFor(viewer, language)).config;
  }

  /**
   * `config.screen`'s whole tRPC answer (`{"result":{"data":…}}`) as bytes, serialized and
   * compressed once per (config version, audience, language, referral, hasVip) (docs/0019).
   */
  async screenAnswer(viewer: TViewer, language: TLanguage): Promise<TEncodedAnswer> {
    const generation = this.generation;
    const entry = await this.composedFor(viewer, language);
    if (!entry.answer) {
      const body = Buffer.from(JSON.stringify({ result: { data: entry.config } }));
      const answer = encodeAnswer(body, { contentType: 'application/json', brotliQuality: 11 });
      entry.answer = answer;
      // A failed encoding must not stick.
      answer.catch(() => {
        if (entry.answer === answer) entry.answer = null;
      });
    }
    const answer = await entry.answer;
    // Kept for synchronous readers only if no change dropped the composed answers meanwhile.
    if (generation === this.generation) this.ready.set(readyKey(viewer, language), answer);
    return answer;
  }
}

/** A whitelabel tree with each node's switch as `config` has it (`flag.<modId>`), else as it was. */
function switched(nodes: readonly TWhitelabelNode[], config: TConfigMap): TWhitelabelNode[] {
  return nodes.map((node) => {
    const value = config[`flag.${node.modId}`];
    const enabled = typeof value === 'boolean' ? (value ? '1' : '0') : node.enabled;
    return { ...node, enabled, childrenNodes: switched(node.childrenNodes, config) };
  });
}

/** Composer inputs as a configuration map would make them: switches, maintenance, the region rule, the registration form (docs/0140) and the categories' order (docs/0141). */
export function withConfig(inputs: TComposerInputs, config: TConfigMap): TComposerInputs {
  const bool = (field: string, now: boolean) => (typeof config[field] === 'boolean' ? (config[field] as boolean) : now);
  const registerSettings = {
    ...inputs.registerSettings,
    fields: inputs.registerSettings.fields.map((f) => ({
      ...f,
      enabled: bool(`register.${f.field}.enabled`, f.enabled),
      required: bool(`register.${f.field}.required`, f.required),
    })),
  };
  const whitelabel = switched(inputs.whitelabel, config);
  const maintenance = bool('system.maintenance', inputs.permission.maintenance);
  const regionRestriction = bool('system.regionRestriction', inputs.permission.regionRestriction);
  const shownTypes = new Set(inputs.gameMenus.filter((c) => config[`flag.GAME_${c.gameType}`] !== false).map((c) => c.gameType));
  return {
    ...inputs,
    whitelabel,
    registerSettings,
    permission: { ...inputs.permission, whitelabel: switched(inputs.permission.whitelabel, config), maintenance, regionRestriction },
    // In the draft's order of places (docs/0141), ties as they are now.
    gameMenus: inputs.gameMenus
      .filter((c) => shownTypes.has(c.gameType))
      .map((c, i) => ({ c, i, place: config[`menu.${c.gameType}.sort`] }))
      .sort((a, b) => (typeof a.place === 'number' && typeof b.place === 'number' ? a.place - b.place : 0) || a.i - b.i)
      .map(({ c }) => c),
    // Maintenance shows as the status page would show it; a restricted region depends on the viewer's address.
    systemStatus: { ...inputs.systemStatus, status: maintenance ? 1 : inputs.systemStatus.status === 1 ? 0 : inputs.systemStatus.status },
  };
}

/** What, besides the config version, decides a composed config: the viewer's kind and the language. */
function readyKey(viewer: TViewer, language: TLanguage): string {
  return [viewer.audience, language, viewer.referralEnabled, viewer.hasVip].join('|');
}
