import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The lite app's icon colours: the site's dark header and its gold mark (index.html's favicon). */
const BACKGROUND = [0x0b, 0x11, 0x24] as const;
const MARK = [0xf2, 0xc1, 0x4e] as const;

/** The icon as SVG (any size): a gold disc on the header's dark blue, safe inside a maskable circle. */
export const APP_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#0b1124"/><circle cx="256" cy="256" r="150" fill="#f2c14e"/></svg>\n';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The same icon as a PNG of `size` px (Chromium's install criteria ask for 192 and 512 px raster
 * icons on some platforms). Drawn here, edge pixels blended by coverage, and written with zlib: no
 * image library for a disc.
 */
export function appIconPng(size: number): Buffer {
  const row = size * 4 + 1;
  const pixels = Buffer.alloc(row * size);
  const centre = size / 2;
  const radius = (size * 150) / 512;
  for (let y = 0; y < size; y++) {
    pixels[y * row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      // Coverage from 4×4 samples in the pixel.
      let inside = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const dx = x + (sx + 0.5) / 4 - centre;
          const dy = y + (sy + 0.5) / 4 - centre;
          if (dx * dx + dy * dy <= radius * radius) inside++;
        }
      }
      const a = inside / 16;
      const at = y * row + 1 + x * 4;
      for (let c = 0; c < 3; c++) pixels[at + c] = Math.round(BACKGROUND[c]! * (1 - a) + MARK[c]! * a);
      pixels[at + 3] = 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Icons the gateway's manifest names (gateway/src/edge/web-manifest.ts), at the site's root. */
export const APP_ICON_FILES = { svg: 'app-icon.svg', png192: 'app-icon-192.png', png512: 'app-icon-512.png' } as const;

/**
 * The installable lite app (docs/0048): emits `sw.js` — the service worker of
 * src/lite/service-worker.js with this build's version and the first load's files (the entry and
 * everything it imports, the boot chunk and its imports: the "shell") — and the app icons. The
 * manifest itself is the gateway's (it carries the merchant's name).
 */
export function liteApp(): Plugin {
  const source = readFileSync(new URL('./src/lite/service-worker.js', import.meta.url), 'utf8');
  return {
    name: 'wl-lite-app',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shell = new Set<string>();
      const visit = (file: string) => {
        const item = bundle[file];
        if (!item || shell.has(file)) return;
        shell.add(file);
        if (item.type !== 'chunk') return;
        for (const css of item.viteMetadata?.importedCss ?? []) shell.add(css);
        for (const imported of item.imports) visit(imported);
      };
      for (const [file, item] of Object.entries(bundle)) {
        if (item.type === 'chunk' && (item.isEntry || /\/boot\.tsx$/.test(item.facadeModuleId ?? ''))) visit(file);
      }
      const files = [...shell].filter((f) => f.startsWith('assets/')).sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const head = `const VERSION = ${JSON.stringify(version)};\nconst SHELL = ${JSON.stringify(files.map((f) => `/${f}`))};\n`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: head + source });
      this.emitFile({ type: 'asset', fileName: APP_ICON_FILES.svg, source: APP_ICON_SVG });
      this.emitFile({ type: 'asset', fileName: APP_ICON_FILES.png192, source: appIconPng(192) });
      this.emitFile({ type: 'asset', fileName: APP_ICON_FILES.png512, source: appIconPng(512) });
    },
  };
}
