import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@wl/schemas/constants';
import { CONTENT_CALLS, type TBanner, type TBrandPalette } from '@wl/schemas';
import type { PublicCache } from '../cache/public-cache.ts';
import type { ScreenConfigService } from '../composer/screen-config.service.ts';
import { cookieValue } from '../trpc/remember-cookie.ts';
import type { WpsApi } from '../upstream/wps.api.ts';
import { encodeAnswer, type TEncodedAnswer } from './encoded-answer.ts';

/** The cookie the web app writes when the visitor picks a language (it also keeps it in local storage). */
export const LANGUAGE_COOKIE = 'language';

/** Paths that open home: the HTML carries the home shell and the first banner's preload there. */
export const HOME_SHELL_PATHS: ReadonlySet<string> = new Set(['/', '/index', '/index.html', '/home', '/login', '/register']);

/** The banner group of the home carousel (docs/rules/games.md#g-9 Home details). */
const HOME_BANNER_GROUP = 'w_home';

/** What the first screen needs from the upstream. */
type THomeFacts = { merchantName: string; palette: TBrandPalette; banner: Pick<TBanner, 'imageUrl' | 'title'> | null; configVersion: string };

type TLogger = { warn(obj: object, msg: string): void };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The visitor's stored choice of language (cookie), or null when none. */
/** The screen config a first HTML is built from: a visitor's. */
const VISITOR_SCREEN = { audience: 'visitor', referralEnabled: false, hasVip: false } as const;

export function chosenLanguage(cookieHeader: string | undefined): TLanguage | null {
  const value = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as TLanguage) : null;
}

/** The page's language: the visitor's stored choice (cookie), else BN (docs/rules/reach.md#r-1). */
export function requestLanguage(cookieHeader: string | undefined): TLanguage {
  return chosenLanguage(cookieHeader) ?? DEFAULT_LANGUAGE;
}

/**
 * The first screen in plain HTML, inside #root until React's first render replaces it: the header
 * bar with the merchant's name and the first home banner, with the same classes (and so the same
 * box) as the app's, so the largest element paints with the HTML instead of after all JavaScript.
 */
function homeShell(facts: THomeFacts): string {
  const name = escapeHtml(facts.merchantName);
  const banner = facts.banner
    ? `<div class="banner"><img class="banner__img" src="${escapeHtml(facts.banner.imageUrl)}" alt="${escapeHtml(facts.banner.title)}" width="1200" height="360" fetchpriority="high"></div>`
    : '<div class="banner banner--placeholder"></div>';
  return (
    '<div class="shell" data-testid="home-shell" aria-busy="true">' +
    `<header class="header"><span class="header__logo"><span class="header__logo-mark" aria-hidden="true"></span><span class="header__logo-text">${name}</span></span></header>` +
    `<div class="shell__body"><main class="shell__main"><div class="home"><div class="home__banner">${banner}</div></div></main></div>` +
    '</div>'
  );
}

/**
 * Serves the web app's index.html per request language (docs/0022): `lang`, the brand's palette
 * (`data-brand`, docs/0131), the merchant's name as <title>, and on home paths a high-priority preload of the first banner plus the home shell.
 * Built strings are cached per (language, page kind) and rebuilt only when what they show changes;
 * the facts come from the composed screen config and the public cache the procedures use.
 * When the upstream cannot answer, the page is served without the shell: never an error page.
 */
export class IndexHtml {
  private readonly built = new Map<string, { key: string; answer: Promise<TEncodedAnswer> }>();

  constructor(
    private readonly template: string,
    private readonly deps: { screenConfig: ScreenConfigService; publicCache: PublicCache; api: WpsApi; logger: TLogger },
  ) {}

  /**
   * The page for a path in the visitor's chosen language when the brand offers it, else in the
   * brand's default (docs/0136), serialized and compressed once per (language, page kind, what it shows).
   */
  async render(path: string, chosen: TLanguage | null): Promise<TEncodedAnswer> {
    const isHome = HOME_SHELL_PATHS.has(path);
    let facts: THomeFacts | null = null;
    let language = chosen ?? DEFAULT_LANGUAGE;
    try {
      const offered = (await this.deps.screenConfig.screenConfig(VISITOR_SCREEN, language)).merchant.languages;
      language = chosen !== null && offered.includes(chosen) ? chosen : offered[0]!;
      facts = await this.homeFacts(language, isHome);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'index.html served without the home shell');
    }
    const slot = `${language}|${isHome}`;
    const key = facts ? `${facts.configVersion}|${facts.merchantName}|${facts.palette}|${facts.banner?.imageUrl ?? ''}|${facts.banner?.title ?? ''}` : '';
    const hit = this.built.get(slot);
    if (hit && hit.key === key) return hit.answer;
    const html = this.build(language, isHome, facts);
    const answer = encodeAnswer(Buffer.from(html), { contentType: 'text/html; charset=utf-8', brotliQuality: 11 });
    this.built.set(slot, { key, answer });
    return answer;
  }

  private async homeFacts(language: TLanguage, withBanner: boolean): Promise<THomeFacts> {
    const config = await this.deps.screenConfig.screenConfig(VISITOR_SCREEN, language);
    let banner: THomeFacts['banner'] = null;
    if (withBanner) {
      // Same key as the content.announcements procedure: one upstream call serves both.
      const announcements = await this.deps.publicCache.get(`announcements|${language}`, () =>
        this.deps.api.call(CONTENT_CALLS.announcements, { platform: 'W', language }, { token: null, language }),
      );
      banner = announcements.banners.find((b) => b.groupName === HOME_BANNER_GROUP) ?? null;
    }
    return { merchantName: config.merchant.name, palette: config.merchant.palette, banner, configVersion: config.version };
  }

  private build(language: TLanguage, isHome: boolean, facts: THomeFacts | null): string {
    let html = this.template.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
    if (!facts) return html;
    // The brand's palette before the first paint (docs/0131); the app keeps it in step with the config.
    html = html.replace(/<html lang="[^"]*"/, `$& data-brand="${escapeHtml(facts.palette)}"`);
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(facts.merchantName)}</title>`);
    if (!isHome) return html;
    // Before the scripts: the banner starts downloading with the HTML, ahead of the JavaScript.
    const preload = facts.banner ? `<link rel="preload" as="image" href="${escapeHtml(facts.banner.imageUrl)}" fetchpriority="high">` : '';
    html = html.replace('</title>', `</title>\n    ${preload}`);
    return html.replace('<div id="root"></div>', `<div id="root">${homeShell(facts)}</div>`);
  }
}
