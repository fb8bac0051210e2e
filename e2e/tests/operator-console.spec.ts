import { nextMessage, outboxMark, resetLink } from '../fixtures/accounts.ts';
import { DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// The console opens signed in as demo_operator (fixtures/signed-in.ts): these journeys are not about its login.
test.use({ operatorSignedIn: true });

const MEMBER_EMAIL = 'demo_member@example.test';

test.describe('operator console', () => {
  test('the operator reads to whom and what for the site sent, filtered by channel, never the link', async ({ home, operator, page }) => {
    // A visitor asks for a reset link: the outbox records it, the link goes only to the member (docs/0067).
    const seen = await outboxMark('email', MEMBER_EMAIL);
    await home.open('/');
    await page.getByTestId('header.login').click();
    await page.getByTestId('login.forgot').click();
    const modal = page.getByTestId('forgot.modal');
    await modal.getByTestId('forgot.tab.email').click();
    await modal.getByTestId('forgot.username').fill(DEMO.member.username);
    await modal.getByTestId('forgot.email').fill(MEMBER_EMAIL);
    await modal.getByTestId('forgot.submit').click();
    await expect(modal.getByTestId('forgot.success')).toBeVisible();

    await operator.open();
    const console = operator.page;
    const outbox = console.getByTestId('operator.outbox');
    await outbox.getByTestId('operator.outbox.refresh').click();
    const email = outbox.getByTestId('operator.outbox.item').filter({ hasText: MEMBER_EMAIL }).first();
    await expect(email.getByTestId('operator.outbox.purpose')).toHaveText(/Password reset link|পাসওয়ার্ড রিসেট লিংক/);
    await expect(email.getByTestId('operator.outbox.status')).toHaveText(/Sent|পাঠানো হয়েছে/);
    // The link itself reached the member's address (the e2e capture file), and no console shows it.
    const link = resetLink(await nextMessage('email', MEMBER_EMAIL, seen));
    await expect(email).not.toContainText('resetPassword');
    await expect(outbox).not.toContainText(link.split('token=')[1]!);

    await outbox.getByTestId('operator.outbox.channel.sms').click();
    await expect(outbox.getByTestId('operator.outbox.item').filter({ hasText: MEMBER_EMAIL })).toHaveCount(0);
    await outbox.getByTestId('operator.outbox.channel.email').click();
    await expect(outbox.getByTestId('operator.outbox.item').filter({ hasText: MEMBER_EMAIL }).first()).toBeVisible();
  });

  test('the operator changes a login threshold, bad values are refused, and the change holds after a reload', async ({ operator }) => {
    await operator.open();
    const console = operator.page;
    const idle = console.getByTestId('operator.security.idleTimeoutMinutes');
    await expect(idle).toHaveValue(/^\d+$/);
    const before = await idle.inputValue();
    const changed = String(Number(before) + 5);

    await idle.fill('0');
    await console.getByTestId('operator.security.save').click();
    await expect(console.getByTestId('operator.security.error.idleTimeoutMinutes')).toBeVisible();

    try {
      await idle.fill(changed);
      await console.getByTestId('operator.security.save').click();
      await expect(console.getByTestId('operator.security.saved')).toBeVisible();
      await console.reload();
      await expect(console.getByTestId('operator.security.idleTimeoutMinutes')).toHaveValue(changed);
    } finally {
      await console.getByTestId('operator.security.idleTimeoutMinutes').fill(before);
      await console.getByTestId('operator.security.save').click();
      await expect(console.getByTestId('operator.security.saved')).toBeVisible();
    }
  });
});
