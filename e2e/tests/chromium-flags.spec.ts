import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

/** The features a command line disables: Chromium reads its last --disable-features only. */
function disabledFeatures(args: readonly string[]): string[] {
  const last = args.filter((a) => a.startsWith('--disable-features=')).at(-1);
  return last ? last.slice('--disable-features='.length).split(',') : [];
}

// The journeys' launch flags repeat Playwright's own --disable-features list, which theirs would
// otherwise replace (docs/0137): a Playwright upgrade that adds a feature to it fails here.
test("the journeys' Chromium keeps every feature Playwright disables", async () => {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // A browser server, whose process shows the command line Playwright gave Chromium.
  const plain = await chromium.launchServer({ executablePath, args: ['--no-sandbox'] });
  const playwrights = disabledFeatures(plain.process().spawnargs);
  await plain.close();
  expect(playwrights.length).toBeGreaterThan(0);
  const ours = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  const effective = disabledFeatures(ours.process().spawnargs);
  await ours.close();
  expect(effective).toEqual(expect.arrayContaining([...playwrights, 'WebUIOmniboxPopup']));
});
