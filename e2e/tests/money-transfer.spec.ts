import { expectLocalized, loginByUsername, switchLanguage, walkedOnceIn } from '../fixtures/accounts.ts';
import { digitClass, headerBalance, minorOf, taka } from '../fixtures/money-deposit.ts';
import { BENGALI, DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// docs/0030 journeys: the member sends money to its own upline agent and the header balance
// follows; the wallet page shows the single-wallet mode and the consolidated funds (AGENTPOLICY3).
// Each language signs in afresh: a transfer to the upline needs a step-up of that session (docs/0068),
// and a session signed in once per run would still be stepped up from the other language's journey.

for (const lang of walkedOnceIn('en')) {
  test(`transfer to the upline agent, seen in the header balance (${lang})`, async ({ home, page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await home.open('/');
    await loginByUsername(page, DEMO.member.username, DEMO.member.password);
    await expect(page.getByTestId('header.balance')).toBeVisible();
    await switchLanguage(page, lang);
    const before = await headerBalance(page, lang);
    await page.goto('/member/transferUpline');
    await expect(page.getByTestId('upline.agent')).toHaveText('Demo Agent');
    await expect(page.getByTestId('upline.available')).toContainText(taka(before, lang));

    // A bad amount is refused in the form, translated, before anything is sent; so is more than the balance, by the platform.
    await page.getByTestId('upline.amount').fill('12.345');
    await page.getByTestId('upline.submit').click();
    await expectLocalized(page.getByTestId('upline.amount-error'), lang, 'Enter an amount such as 500 or 1,250.50');
    await page.getByTestId('upline.amount').fill('99,999,999');
    await page.getByTestId('upline.submit').click();
    // Money to another account needs a fresh step-up (docs/0068): the page asks for the login
    // password once, then sends the same transfer again.
    const stepUp = page.getByTestId('step-up.dialog');
    await expect(stepUp).toBeVisible();
    await stepUp.getByTestId('step-up.password').fill(DEMO.member.password);
    await stepUp.getByTestId('step-up.submit').click();
    await expect(stepUp).toBeHidden();
    await expect(page.getByTestId('upline.amount-error')).toHaveText(lang === 'en' ? /not enough|insufficient/i : BENGALI);
    await expect(page.getByTestId('header.balance')).toHaveText(taka(before, lang));

    await page.getByTestId('upline.amount').fill('25.50');
    await page.getByTestId('upline.remark').fill(`journey ${lang}`);
    await page.getByTestId('upline.submit').click();
    await expect(page.getByTestId('upline.done')).toBeVisible();
    await expect(page.getByTestId('header.balance')).toHaveText(taka(before - 2_550, lang));
    await expect(page.getByTestId('upline.recent.item').first()).toContainText(`journey ${lang}`);
    // Nothing on the page reaches past a 360 px screen.
    expect(await page.evaluate(() => document.querySelector('[data-testid="upline.page"]')!.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto('/member/transferFund');
    await expect(page.getByTestId('wallet.single')).toBeVisible();
    // Consolidated funds: the main wallet and anything held for withdrawals, at least what the header shows.
    await expect(page.getByTestId('wallet.consolidated.total')).toHaveText(new RegExp(`^৳(?:${digitClass(lang)}|,)+\\.${digitClass(lang)}{2}$`));
    expect(minorOf((await page.getByTestId('wallet.consolidated.total').textContent()) ?? '', lang)).toBeGreaterThanOrEqual(before - 2_550);
  });
}
