import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A hover that moves its element (a lift, a shift, a grown margin) can carry it out from under a
 * pointer resting on its edge; it drops back, is hovered again, and jitters for as long as the
 * pointer stays, and a click then never lands. Hover changes colour, brightness or shadow only (docs/0116).
 */
const MOVES = /(^|[;\s{])(transform|translate|scale|rotate|margin[a-z-]*|top|left|right|bottom|inset)\s*:/;
const dir = dirname(fileURLToPath(import.meta.url));

describe('hover styles', () => {
  const sheets = readdirSync(dir).filter((f) => f.endsWith('.css'));
  it('reads every style sheet', () => expect(sheets.length).toBeGreaterThan(10));
  for (const sheet of sheets) {
    it(`${sheet}: no :hover rule moves its element`, () => {
      const css = readFileSync(join(dir, sheet), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      const moving = [...css.matchAll(/([^{}]*:hover[^{}]*)\{([^{}]*)\}/g)].filter(([, , body]) => MOVES.test(body!)).map(([, selector]) => selector!.trim());
      expect(moving).toEqual([]);
    });
  }
});
