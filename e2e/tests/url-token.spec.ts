import type { APIRequestContext } from '@playwright/test';
import { DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/** A session token from a login through the gateway's tRPC API (from 127.0.0.1, a known IP of the demo member). */
async function apiLoginToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/trpc/session.login', { data: DEMO.member });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: { kind: string; token: string } } };
  expect(body.result.data.kind).toBe('session');
  return body.result.data.token;
}

/** docs/rules/accounts.md#a-23 token from the URL (docs/0013): exchanged once for a fresh session, never adopted as is. */
test('a token in the URL signs the member in, leaves the address bar and stops working', async ({ page, request }) => {
  const token = await apiLoginToken(request);
  await page.goto(`/?token=${encodeURIComponent(token)}`);
  await expect(page.getByTestId('header.member')).toBeVisible();
  await expect(page).toHaveURL((url) => !url.searchParams.has('token'));
  expect(page.url()).not.toContain(token);
  // The page holds a fresh token, not the one from the URL.
  const stored = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(stored).toBeTruthy();
  expect(stored).not.toBe(token);
  // The URL's token was revoked by the exchange: it opens nothing any more.
  const old = await request.get('/trpc/member.info', { headers: { authorization: token } });
  expect(old.status()).toBe(401);
  expect(((await old.json()) as { error: { message: string } }).error.message).toBe('error_not_logged_in');
  const fresh = await request.get('/trpc/member.info', { headers: { authorization: stored! } });
  expect(fresh.ok()).toBe(true);
  // Reloading keeps the member signed in through the stored session, with no token in sight.
  await page.reload();
  await expect(page.getByTestId('header.member')).toBeVisible();
});
