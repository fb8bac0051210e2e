import type { APIRequestContext, Page } from '@playwright/test';
import { nextMessage, outboxMark, resetLink, trpc } from '../fixtures/accounts.ts';
import { DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// The console opens signed in as demo_operator (fixtures/signed-in.ts): these journeys are not about its login.
test.use({ operatorSignedIn: true });

const MEMBER_EMAIL = 'demo_member@example.test';

type TDraft = { id: number; revision: number };

/** demo_owner2's session, the second operator who approves demo_operator's drafts (one login for the file). */
let secondOwner: Promise<string> | null = null;

/** demo_owner2 approves the draft's current revision, through the real procedures. */
async function approveAsSecondOwner(request: APIRequestContext, author: string, id: number): Promise<void> {
  secondOwner ??= trpc<{ token: string }>(request, 'mutation', 'operator.login', DEMO.secondOwner).then((r) => r.token);
  const { drafts } = await trpc<{ drafts: TDraft[] }>(request, 'query', 'operator.configDrafts', {}, author);
  const revision = drafts.find((d) => d.id === id)!.revision;
  await trpc(request, 'mutation', 'operator.configDraftApprove', { id, revision }, await secondOwner);
}

/**
 * Saves `value` in one field of a console form of sensitive settings (test ids `<form>.<field>`,
 * `<form>.save`, `<form>.awaiting`, docs/0127): the save sends it for a second operator's approval
 * and the form keeps the value in force; the draft is in the drafts list; demo_owner2 approves it,
 * the author publishes it there, and after a reload the form holds `value`. `before` is put back
 * (through the same approval, by the procedures) whatever happened.
 */
async function approvedAcrossReload(console: Page, request: APIRequestContext, form: string, field: string, value: string, before: string): Promise<void> {
  const author = (await console.evaluate(() => sessionStorage.getItem('operatorToken')))!;
  const procedure = form === 'operator.security' ? 'operator.setSecurity' : 'operator.setAgentLimits';
  try {
    await console.getByTestId(`${form}.${field}`).fill(value);
    await console.getByTestId(`${form}.save`).click();
    await expect(console.getByTestId(`${form}.awaiting`)).toBeVisible();
    await expect(console.getByTestId(`${form}.${field}`)).toHaveValue(before);
    const setting = `${form === 'operator.security' ? 'security' : 'agent'}.${field}`;
    const card = console.locator('article[data-testid^="operator.config-changes.draft."]').filter({ hasText: setting }).first();
    await expect(card).toBeVisible();
    const tid = (await card.getAttribute('data-testid'))!;
    await approveAsSecondOwner(request, author, Number(tid.split('.').pop()));
    await console.getByTestId('operator.config-changes.refresh').click();
    await expect(console.getByTestId(`${tid}.approved`)).toContainText('demo_owner2');
    await console.getByTestId(`${tid}.comment`).fill(`journey ${field}`);
    await console.getByTestId(`${tid}.publish`).click();
    await expect(console.getByTestId('operator.config-changes.notice')).toBeVisible();
    await console.reload();
    await expect(console.getByTestId(`${form}.${field}`)).toHaveValue(value);
  } finally {
    const current = await trpc<Record<string, number>>(
      request,
      'query',
      procedure === 'operator.setSecurity' ? 'operator.security' : 'operator.agentLimits',
      {},
      author,
    );
    const back = await trpc<{ awaitingApproval: { draftId: number } | null }>(request, 'mutation', procedure, { ...current, [field]: Number(before) }, author);
    if (back.awaitingApproval) {
      await approveAsSecondOwner(request, author, back.awaitingApproval.draftId);
      await trpc(request, 'mutation', 'operator.configDraftPublish', { id: back.awaitingApproval.draftId, comment: 'journey: put back' }, author);
    }
  }
}

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

  test('the operator changes a login threshold, bad values are refused, and the change holds after a second operator approved it', async ({
    operator,
    request,
  }) => {
    await operator.open();
    const console = operator.page;
    const idle = console.getByTestId('operator.security.idleTimeoutMinutes');
    await expect(idle).toHaveValue(/^\d+$/);
    const before = await idle.inputValue();
    const changed = String(Number(before) + 5);

    await idle.fill('0');
    await console.getByTestId('operator.security.save').click();
    await expect(console.getByTestId('operator.security.error.idleTimeoutMinutes')).toBeVisible();

    await approvedAcrossReload(console, request, 'operator.security', 'idleTimeoutMinutes', changed, before);
  });

  test('the owner changes the agent downline limits, a value out of bounds is refused with its range, and the change holds after a second operator approved it', async ({
    operator,
    request,
  }) => {
    await operator.open();
    const console = operator.page;
    const depth = console.getByTestId('operator.agent-limits.maxDepth');
    await expect(depth).toHaveValue(/^\d+$/);
    const before = await depth.inputValue();
    const changed = before === '4' ? '5' : '4';

    // The platform judges the bounds (docs/0064) and names the field, in the page's language.
    await depth.fill('11');
    await console.getByTestId('operator.agent-limits.save').click();
    await expect(console.getByTestId('operator.agent-limits.error.maxDepth')).toHaveText(/1 to 10|১ থেকে ১০/);

    await approvedAcrossReload(console, request, 'operator.agent-limits', 'maxDepth', changed, before);
  });
});
