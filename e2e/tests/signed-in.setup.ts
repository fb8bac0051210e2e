import { DEMO } from '../fixtures/pages.ts';
import { saveSignedIn } from '../fixtures/signed-in.ts';
import { ANNOUNCEMENT_SEEN_KEYS, expect, test } from '../fixtures/test.ts';

/**
 * Signs in once per run through the real login forms and saves the sessions for journeys that are
 * not about logging in (fixtures/signed-in.ts). The login journeys themselves still log in by hand.
 */
// The two logins do not touch each other: both at once.
test.describe.configure({ mode: 'parallel' });

test('the demo member signs in through the login popup', async ({ home, page }) => {
  await home.open('/');
  await home.login(DEMO.member.username, DEMO.member.password);
  await expect(page.getByTestId('header.balance')).toBeVisible();
  await saveSignedIn(page, 'member', ANNOUNCEMENT_SEEN_KEYS);
});

for (const username of DEMO.players.usernames) {
  test(`the game player ${username} signs in through the login popup`, async ({ home, page }) => {
    await home.open('/');
    await home.login(username, DEMO.players.password);
    await expect(page.getByTestId('header.balance')).toBeVisible();
    await saveSignedIn(page, username, ANNOUNCEMENT_SEEN_KEYS);
  });
}

test('the demo operator signs in through the console form', async ({ operator }) => {
  await operator.login(DEMO.operator.username, DEMO.operator.password);
  await saveSignedIn(operator.page, 'operator', ANNOUNCEMENT_SEEN_KEYS);
});
