import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LIGHTHOUSE_PAGES, selectedPages } from './lighthouse-pages.ts';

describe('the pages pnpm lighthouse measures (docs/0086)', () => {
  it('are home as a visitor (goal 95) and four member pages signed in (goal 90 each)', () => {
    assert.deepEqual(
      LIGHTHOUSE_PAGES.map((p) => [p.name, p.signedIn, p.goal]),
      [
        ['home', false, 95],
        ['game centre', true, 90],
        ['deposit', true, 90],
        ['records', true, 90],
        ['promotions', true, 90],
      ],
    );
  });

  it('LIGHTHOUSE_PAGES keeps the named pages in their order; unset keeps all; an unknown name is refused', () => {
    assert.equal(selectedPages(undefined), LIGHTHOUSE_PAGES);
    assert.deepEqual(
      selectedPages('promotions, home').map((p) => p.path),
      ['/', '/promotions'],
    );
    assert.throws(() => selectedPages('home,nowhere'), /no page named nowhere/);
  });
});
