import { rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type THarness } from './harness.ts';
import { writeWebDist } from './web-dist.ts';

/** The inline theme script of web/index.html (its shape; the gateway hashes whatever the template holds). */
const THEME_SCRIPT = "try{var t=localStorage.getItem('theme');if(t)document.documentElement.setAttribute('data-theme',t)}catch(e){}";

/** The shape of Vite's built index.html: what the gateway templates (docs/0022). */
const BUILT_INDEX = `<!doctype html>
<html lang="bn" data-theme="dark">
  <head>
    <meta charset="UTF-8" />
    <title>WL Casino</title>
    <script>${THEME_SCRIPT}</script>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('index.html as served: lang, merchant title, first banner in the HTML (docs/0022)', () => {
  let h: THarness;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist('gateway-index-', {
      'index.html': BUILT_INDEX,
      'assets/index-AbC123.js': 'console.log(1)',
      'sw.js': "const VERSION = 'v1';",
      // Vite's chunk graph, which `pnpm bench` reads: never served.
      '.vite/manifest.json': '{}',
    });
    h = await startGateway({ webDistDir: dist });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = async (path: string, cookie?: string) => {
    const res = await fetch(`${h.baseUrl}${path}`, cookie ? { headers: { cookie } } : {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    return res.text();
  };

  it.each(['/', '/index.html', '/login'])('home %s: preload and <img> of the first banner before any script, merchant name as title', async (path) => {
    const config = await h.client({ language: 'bn' }).config.screen.query({ language: 'bn' });
    const ann = await h.client({ language: 'bn' }).content.announcements.query({ language: 'bn' });
    const first = ann.banners.find((b) => b.groupName === 'w_home');
    expect(first).toBeDefined();
    const html = await page(path);
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain(`<title>${config.merchant.name}</title>`);
    const preload = `<link rel="preload" as="image" href="${first!.imageUrl}" fetchpriority="high">`;
    expect(html).toContain(preload);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('<script'));
    expect(html).toMatch(
      new RegExp(
        `<div id="root"><div class="shell" data-testid="home-shell"[^>]*>.*<img class="banner__img" src="${literal(first!.imageUrl)}" alt="${literal(first!.title)}" width="1200" height="360" fetchpriority="high">`,
      ),
    );
  });

  it("serves the lite app: a manifest with the merchant name in the visitor's language, and the worker never cached for long (docs/0048)", async () => {
    const config = await h.client({ language: 'en' }).config.screen.query({ language: 'en' });
    for (const [cookie, lang] of [
      [undefined, 'bn'],
      ['language=en', 'en'],
    ] as const) {
      const res = await fetch(`${h.baseUrl}/manifest.webmanifest`, cookie ? { headers: { cookie } } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const manifest = (await res.json()) as { name: string; lang: string; start_url: string; display: string; icons: { sizes: string; type: string }[] };
      expect(manifest).toMatchObject({ name: config.merchant.name, lang, start_url: '/', display: 'standalone' });
      expect(manifest.icons.map((i) => `${i.type} ${i.sizes}`)).toEqual(expect.arrayContaining(['image/png 192x192', 'image/png 512x512']));
    }
    const sw = await fetch(`${h.baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    // A worker cached for a year would keep an old site on the phone: always revalidated.
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('never serves the build manifest (.vite/manifest.json)', async () => {
    expect((await fetch(`${h.baseUrl}/.vite/manifest.json`)).status).toBe(404);
  });

  it('allows exactly the inline theme script by its hash in the CSP, never any inline script', async () => {
    const res = await fetch(`${h.baseUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(await res.text()).toContain(`<script>${THEME_SCRIPT}</script>`);
  });

  it('follows the language cookie: EN page, EN banner title', async () => {
    const ann = await h.client({ language: 'en' }).content.announcements.query({ language: 'en' });
    const first = ann.banners.find((b) => b.groupName === 'w_home')!;
    const html = await page('/', 'theme=dark; language=en');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(`alt="${first.title}"`);
    // A value that is no language of the site is ignored: BN, the default.
    expect(await page('/', 'language=fr')).toContain('<html lang="bn"');
  });

  it('other pages get lang and title but no home shell or banner preload', async () => {
    const config = await h.client().config.screen.query({ language: 'bn' });
    // /live is the live game centre (docs/rules/README.md#screens), not the live config stream beside it: a reload must get the app.
    expect(await page('/live')).toContain('<div id="root"></div>');
    const html = await page('/operator');
    expect(html).toContain(`<title>${config.merchant.name}</title>`);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('rel="preload" as="image"');
  });
});
