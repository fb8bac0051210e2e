import { createHash } from 'node:crypto';
import type { TAvatarDesign } from '@wl/schemas';

/** Escapes text for XML/HTML bodies and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Two hues derived from a key, so the same key always gets the same colours. */
function hues(key: string): [number, number] {
  const h = createHash('sha256').update(key).digest();
  return [(h[0]! * 256 + h[1]!) % 360, (h[2]! * 256 + h[3]!) % 360];
}

function gradient(key: string): string {
  const [a, b] = hues(key);
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a},70%,45%)"/><stop offset="1" stop-color="hsl(${b},75%,30%)"/></linearGradient></defs>`;
}

/** Splits a name into at most three short lines for a tile. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out.slice(0, 3);
}

/** A square game tile with the game's name and vendor. */
export function gameSvg(key: string, name: string, vendor: string): string {
  const text = lines(name, 14)
    .map(
      (l, i, all) =>
        `<text x="100" y="${100 - (all.length - 1) * 12 + i * 24}" text-anchor="middle" font-size="20" font-weight="700" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">${gradient(key)}<rect width="200" height="200" rx="18" fill="url(#g)"/><circle cx="160" cy="40" r="60" fill="#fff" opacity=".08"/>${text}<text x="100" y="182" text-anchor="middle" font-size="12" fill="#fff" opacity=".8">${escapeXml(vendor)}</text></svg>`;
}

/** A vendor logo: wide badge with the vendor name. */
export function vendorSvg(key: string, name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96">${gradient(key)}<rect width="240" height="96" rx="14" fill="url(#g)"/><text x="120" y="56" text-anchor="middle" font-size="24" font-weight="800" fill="#fff">${escapeXml(name)}</text></svg>`;
}

/** A wide banner with a title. */
export function bannerSvg(key: string, title: string): string {
  const text = lines(title, 34)
    .map((l, i) => `<text x="60" y="${150 + i * 44}" font-size="38" font-weight="800" fill="#fff">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360">${gradient(key)}<rect width="1200" height="360" fill="url(#g)"/><circle cx="1020" cy="180" r="220" fill="#fff" opacity=".08"/><circle cx="940" cy="60" r="90" fill="#fff" opacity=".06"/>${text}</svg>`;
}

/**
 * A round avatar with an initial: the colours generated from the key, or the design the member
 * chose (docs/0115, the same table the web draws its choices from).
 */
export function avatarSvg(key: string, initial: string, design: TAvatarDesign | null = null): string {
  const fill = design
    ? `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${design.from}"/><stop offset="1" stop-color="${design.to}"/></linearGradient></defs>`
    : gradient(key);
  const motif = design ? `<path d="${design.motif}" fill="#fff" fill-opacity=".16" fill-rule="evenodd"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">${fill}<clipPath id="c"><circle cx="48" cy="48" r="48"/></clipPath><g clip-path="url(#c)"><circle cx="48" cy="48" r="48" fill="url(#g)"/>${motif}</g><text x="48" y="62" text-anchor="middle" font-size="40" font-weight="700" fill="#fff">${escapeXml(initial)}</text></svg>`;
}

/** An uploaded banner image (png or jpg, checked by content when it was set) inside a banner-sized SVG. */
export function imageSvg(contentType: 'image/png' | 'image/jpeg', bytes: Uint8Array): string {
  const href = `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400"><image href="${href}" width="1200" height="400" preserveAspectRatio="xMidYMid slice"/></svg>`;
}
