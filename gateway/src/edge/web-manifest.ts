import type { TLanguage } from '@wl/schemas/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ScreenConfigService } from '../composer/screen-config.service.ts';
import { encodeAnswer, sendAnswer, type TEncodedAnswer } from './encoded-answer.ts';
import { requestLanguage } from './index-html.ts';

/** Where the web app's HTML links its manifest (web/index.html). */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/** The icons the web build writes at the site's root (web/lite-app-plugin.ts). */
const ICONS = [
  { src: '/app-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  { src: '/app-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/app-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/app-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** The site's colours (web/index.html theme-color, the header's dark blue). */
const THEME = '#0b1124';

/**
 * The lite app's Web App Manifest (docs/0048): the merchant's name from the
 * composed screen config, so every brand installs as itself, in the visitor's language.
 */
export function webManifest(merchantName: string, language: TLanguage) {
  return {
    id: '/',
    name: merchantName,
    short_name: merchantName,
    lang: language,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: THEME,
    theme_color: THEME,
    icons: ICONS,
  };
}

/** GET /manifest.webmanifest: encoded once per (language, merchant name), served as bytes with an ETag. */
export function registerWebManifest(app: FastifyInstance, screenConfigOf: (request: FastifyRequest) => ScreenConfigService): void {
  // Per language and merchant name: each brand's manifest names its own merchant (docs/0131).
  const built = new Map<string, { name: string; answer: Promise<TEncodedAnswer> }>();
  app.get(WEB_MANIFEST_PATH, async (req, reply) => {
    const language = requestLanguage(req.headers.cookie);
    const config = await screenConfigOf(req).screenConfig({ audience: 'visitor', referralEnabled: false, hasVip: false }, language);
    const slot = `${language}|${config.merchant.code}`;
    let hit = built.get(slot);
    if (!hit || hit.name !== config.merchant.name) {
      const body = Buffer.from(JSON.stringify(webManifest(config.merchant.name, language)));
      hit = { name: config.merchant.name, answer: encodeAnswer(body, { contentType: 'application/manifest+json; charset=utf-8', brotliQuality: 11 }) };
      built.set(slot, hit);
    }
    return sendAnswer(req, reply, await hit.answer, { cacheControl: 'no-cache', vary: 'accept-encoding, cookie' });
  });
}
