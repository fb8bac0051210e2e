import { axeOn } from '../fixtures/axe.ts';
import { expectLocalized, loginByUsername, nextMessage, outboxMark, registerAccount, smsCode, switchLanguage, walkedOnceIn } from '../fixtures/accounts.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// docs/0033: the security centre binds a new email address (and mobile number) with a code
// from the outbox; replacing a bound one asks for the login password. A fresh account per journey:
// the seeded member's contacts are what the login journeys use.
for (const lang of walkedOnceIn('bn')) {
  test(`change the bound email with a code and the login password (${lang})`, async ({ home, page, request }) => {
    const account = await registerAccount(request, `sc${lang}`);
    await page.setViewportSize({ width: 360, height: 740 });
    await home.open('/');
    await switchLanguage(page, lang);
    await loginByUsername(page, account.username, account.password);
    await page.goto('/member/securityCenter');
    const contacts = page.getByTestId('security.contacts');
    await expect(contacts.getByTestId('security.email-value')).toHaveText(`${account.email.slice(0, 2)}***@example.test`);
    await expect(contacts.getByTestId('security.mobile-value')).toHaveText(new RegExp(`^\\+880 19\\*+${account.mobile.slice(-3)}$`));

    await contacts.getByTestId('security.email-open').click();
    const form = contacts.getByTestId('security.bind-email');
    const newEmail = `n${account.username}@example.test`;
    // An address that is no email is refused, translated, and nothing is sent.
    await form.getByTestId('security.bind-address').fill('not-an-email');
    await form.getByTestId('security.bind-send').click();
    await expectLocalized(form.getByTestId('security.bind-error'), lang, 'Please enter a valid email address.');

    const seen = await outboxMark('email', newEmail);
    await form.getByTestId('security.bind-address').fill(newEmail);
    await form.getByTestId('security.bind-send').click();
    const code = smsCode(await nextMessage('email', newEmail, seen));
    await expect(form.getByTestId('security.bind-send')).toBeDisabled();
    await form.getByTestId('security.bind-code').fill(code);
    // A wrong login password: a clear message, the code still usable.
    await form.getByTestId('security.bind-password').fill('Wrong0000');
    await form.getByTestId('security.bind-save').click();
    await expectLocalized(form.getByTestId('security.bind-error'), lang, 'The login password is wrong.');
    await form.getByTestId('security.bind-password').fill(account.password);
    await form.getByTestId('security.bind-save').click();

    await expect(contacts.getByTestId('security.email-saved')).toBeVisible();
    await expect(contacts.getByTestId('security.email-value')).toHaveText(`${newEmail.slice(0, 2)}***@example.test`);
    await expect(page.getByTestId('security.changes').locator('li').first()).toContainText(lang === 'en' ? 'Email address changed' : BENGALI);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const axe = await axeOn(page).include('[data-testid="security.page"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
