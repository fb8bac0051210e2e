import { LANGUAGES, agentLogin, expectLocalized, switchLanguage } from '../fixtures/accounts.ts';
import { DEMO } from '../fixtures/pages.ts';
import { expect, test, walkedIn } from '../fixtures/test.ts';

for (const lang of LANGUAGES) {
  test.describe(`trial account and agent pages (${lang})`, () => {
    walkedIn('en', lang)('free play makes a trial account that is stopped on launch and on member pages', async ({ home, page }) => {
      await home.open('/');
      await switchLanguage(page, lang);
      await page.getByTestId('header.freeplay').click();
      await expect(page.getByTestId('header.member')).toBeVisible();
      await expect(page.getByTestId('header.freeplay')).toHaveCount(0);
      await home.tiles().first().getByTestId('game-tile.play').click();
      const dialog = page.getByTestId('dialog.info');
      await expectLocalized(dialog.locator('.dialog__text'), lang, 'A real account is needed for this. Please register a real account.');
      await page.getByTestId('dialog.ok').click();
      // Member actions stop the same way: the member centre shows the dialog and no member content.
      await page.goto('/member/securityCenter');
      await expectLocalized(dialog.locator('.dialog__text'), lang, 'A real account is needed for this. Please register a real account.');
      await expect(page.getByTestId('security.page')).toHaveCount(0);
    });

    walkedIn('bn', lang)('an agent logs in on /agent, sees the agent centre and logs out to /agent', async ({ page }) => {
      await page.goto('/agent');
      await switchLanguage(page, lang);
      await expectLocalized(page.getByTestId('agent.title'), lang, 'Agent back office');
      await expectLocalized(page.getByTestId('agent.support-hours'), lang, 'Support hours: Monday to Friday, noon to 9pm.');
      // demo_agent's first login shows the first-login step once.
      await agentLogin(page, DEMO.agent);
      await expect(page).toHaveURL(/\/agentHome$/);
      // Bengali digits in BN (docs/0056), ASCII in EN.
      await expect(page.getByTestId('agent-home.gmt')).toHaveText(lang === 'bn' ? /^GMT[+-][০-৯]{2}:[০-৯]{2}$/ : /^GMT[+-]\d{2}:\d{2}$/);
      await expect(page.getByTestId('agent-home.nickname')).not.toBeEmpty();
      const clock = page.getByTestId('agent-home.clock');
      const before = await clock.textContent();
      await expect(clock).not.toHaveText(before ?? '');
      await expect(page.locator('[data-testid^="agent-home.nav."]').first()).toBeVisible();
      await page.getByTestId('agent-home.logout').click();
      await page.getByTestId('dialog.confirm.ok').click();
      await expect(page).toHaveURL(/\/agent$/);
      await expect(page.getByTestId('agent.page')).toBeVisible();
    });

    walkedIn('en', lang)('a non-agent is refused on /agent and sent there from /agentHome', async ({ page }) => {
      await page.goto('/agentHome');
      await expect(page).toHaveURL(/\/agent$/);
      await switchLanguage(page, lang);
      await page.getByTestId('agent.username').fill(DEMO.member.username);
      await page.getByTestId('agent.password').fill(DEMO.member.password);
      await page.getByTestId('agent.submit').click();
      await expectLocalized(page.getByTestId('agent.error'), lang, 'Non-agents cannot log in here.');
      await expect(page).toHaveURL(/\/agent$/);
      // No session was made: the site stays logged out.
      await page.goto('/');
      await expect(page.getByTestId('header.login')).toBeVisible();
    });
  });
}
