// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Emoji pictographs and the symbol blocks that were used as icons (misc symbols, dingbats such as
 * ♡ ✕ ★ ☰ ✓, misc symbols and arrows, the emoji variation selector). Without an emoji font they
 * show as empty boxes, and they look different on every phone: icons are SVG (docs/0034).
 * Typographic signs stay allowed: © ® ™ (Extended_Pictographic, but text), arrows in sentences
 * ("Main wallet → game wallet") and maths (⌊x⌋).
 */
const PICTOGRAPH = /\p{Extended_Pictographic}|[\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]|\u{FE0F}/gu;
const TYPOGRAPHIC = new Set(['©', '®', '™']);

/** What must stay, as `path:character` (none today). */
const ALLOWED: ReadonlySet<string> = new Set<string>([]);

/** Files whose text reaches users: sources, texts and styles, not tests or test helpers. */
function shownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : shownFiles(path);
    return /\.(tsx?|json|css|js)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every pictograph in `text`, as `path:line: character`. */
export function pictographsIn(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) =>
    [...line.matchAll(PICTOGRAPH)]
      .map((m) => m[0])
      .filter((char) => !TYPOGRAPHIC.has(char) && !ALLOWED.has(`${path}:${char}`))
      .map((char) => `${path}:${i + 1}: ${char} (U+${char.codePointAt(0)!.toString(16).toUpperCase()})`),
  );
}

describe('icons are SVG, never emoji', () => {
  it('finds no emoji pictograph in any source, text or style under web/src', () => {
    const files = shownFiles(srcRoot);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => pictographsIn(relative(srcRoot, file), readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('catches the glyphs that used to be icons and lets typography through', () => {
    for (const glyph of ['🏠', '♥', '♡', '✕', '📢', '🏆', '🧭', '🛠', '🌐', '⚽', '★', '☰', '✓', '\u2764']) {
      expect(pictographsIn('x.tsx', `<span>${glyph}</span>`), glyph).toHaveLength(1);
    }
    expect(pictographsIn('x.json', '"© 2026 → game wallet ⌊x⌋ « » ™ ®"')).toEqual([]);
  });
});
