import { createTRPCUntypedClient, httpSubscriptionLink, TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { INVALID_CHARACTERS } from '@wl/schemas';
import { appRouter } from '../src/routers/router.ts';
import { ACCOUNTS, loginToken, useGateway, type THarness } from './harness.ts';
import { sample, withValueAt } from './input-samples.ts';

/**
 * docs/0015: a NUL in any string field of any procedure is a BAD_REQUEST (400) naming that
 * field, never a 500. Procedures are read from the router itself, so ones added later are covered.
 */

type TProcedureDef = { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[] };
type TAnswer = { status: number; code: string | null; issues: { path: string; message: string }[] };

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: TProcedureDef }>).map(([path, procedure]) => ({
  path,
  type: procedure._def.type,
  input: procedure._def.inputs[0] ?? null,
}));

let h: THarness;
const tokens: (string | null)[] = [null];

useGateway(async (started) => {
  h = started;
  tokens.push(await loginToken(h, ACCOUNTS.member));
  tokens.push((await h.client().operator.login.mutate(ACCOUNTS.operator)).token);
  tokens.push(await loginToken(h, ACCOUNTS.agent));
});

type TErrorBody = { error?: { message?: string; data?: { code?: string; issues?: TAnswer['issues'] | null } } };

/** One call over real HTTP, as a browser's non-batched tRPC link sends it. */
async function call(path: string, type: TProcedureDef['type'], input: unknown, token: string | null): Promise<TAnswer> {
  if (type === 'subscription') return subscribe(path, input, token);
  const headers: Record<string, string> = token ? { authorization: token } : {};
  const url = `${h.baseUrl}/trpc/${path}`;
  const res =
    type === 'query'
      ? await fetch(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const text = await res.text();
  const body = (text.startsWith('{') ? JSON.parse(text) : {}) as TErrorBody;
  return { status: res.status, code: body.error?.data?.code ?? null, issues: body.error?.data?.issues ?? [] };
}

/** A subscription over SSE: its first answer is either data (no refusal) or the error. */
function subscribe(path: string, input: unknown, token: string | null): Promise<TAnswer> {
  const client = createTRPCUntypedClient({
    links: [httpSubscriptionLink({ url: `${h.baseUrl}/trpc`, EventSource, connectionParams: () => (token ? { token } : {}) })],
  });
  return new Promise((resolve) => {
    const subscription = client.subscription(path, input, {
      onData() {
        subscription.unsubscribe();
        resolve({ status: 200, code: null, issues: [] });
      },
      onError(err) {
        subscription.unsubscribe();
        const data = err instanceof TRPCClientError ? (err.data as { code?: string; httpStatus?: number; issues?: TAnswer['issues'] }) : undefined;
        resolve({ status: data?.httpStatus ?? 0, code: data?.code ?? null, issues: data?.issues ?? [] });
      },
    });
  });
}

/** Calls with no session, then a member's, an operator's and an agent's, until one is let past the session check. */
async function callAsSomeone(path: string, type: TProcedureDef['type'], input: unknown): Promise<TAnswer> {
  let answer: TAnswer | null = null;
  for (const token of tokens) {
    answer = await call(path, type, input, token);
    if (answer.code !== 'UNAUTHORIZED' && answer.code !== 'FORBIDDEN') return answer;
  }
  return answer!;
}

const withStrings = procedures.flatMap((procedure) => {
  if (!procedure.input) return [];
  const { value, strings } = sample(procedure.input);
  return strings.map((field) => ({ ...procedure, field: field.join('.'), input: withValueAt(value, field, 'A\u0000B') }));
});

describe('a NUL in every string field of every procedure', () => {
  it('finds the procedures and their string fields in the router', () => {
    expect(procedures.length).toBeGreaterThan(30);
    const paths = new Set(withStrings.map((c) => c.path));
    // A few known ones, so an enumeration that finds nothing cannot pass.
    for (const known of ['session.login', 'account.register', 'catalogue.games', 'catalogue.launch', 'operator.login', 'operator.setFlag']) {
      expect(paths).toContain(known);
    }
    expect(withStrings.map((c) => `${c.path}:${c.field}`)).toEqual(expect.arrayContaining(['account.register:captcha', 'session.login:username']));
  });

  it.each(withStrings.map((c) => [`${c.path} ${c.field}`, c] as const))(
    '%s answers BAD_REQUEST naming the field',
    async (_name, c) => {
      const answer = await callAsSomeone(c.path, c.type, c.input);
      expect(answer.code, JSON.stringify(answer)).toBe('BAD_REQUEST');
      if (c.type !== 'subscription') expect(answer.status).toBe(400);
      const issue = answer.issues.find((i) => i.path === c.field);
      expect(issue, JSON.stringify(answer.issues)).toBeDefined();
    },
    30_000,
  );

  it('refuses a NUL in a registration value (a record the sampler cannot see into), naming it', async () => {
    const input = {
      mode: 'username',
      values: { username: 'new\u0000user', password: 'Abcd1234' },
      termsAccepted: true,
      ageConfirmed: true,
      captchaId: 'c',
      captcha: 'x',
    };
    const answer = await call('account.register', 'mutation', input, null);
    expect(answer).toEqual({ status: 400, code: 'BAD_REQUEST', issues: [{ path: 'values.username', message: INVALID_CHARACTERS }] });
  });

  it('says which character problem it is for free text (invalid_characters)', async () => {
    const answer = await call('session.login', 'mutation', { username: 'demo\u0000member', password: 'x' }, null);
    expect(answer).toEqual({ status: 400, code: 'BAD_REQUEST', issues: [{ path: 'username', message: INVALID_CHARACTERS }] });
    const other = await call('catalogue.games', 'query', { gameName: 'a\u0007b', pageNo: 1, pageSize: 10, language: 'en' }, null);
    expect(other.issues).toEqual([{ path: 'gameName', message: INVALID_CHARACTERS }]);
  });
});

describe('huge strings', () => {
  const megabyte = 'x'.repeat(1024 * 1024);

  it.each([
    ['session.login', { username: megabyte, password: 'x' }],
    ['account.forgotByEmail', { username: 'someone', email: megabyte }],
    ['operator.login', { username: 'someone', password: megabyte }],
  ])(
    'a 1 MB string to %s is refused as too large (413), not a 5xx',
    async (path, input) => {
      const answer = await call(path, 'mutation', input, null);
      expect(answer.status).toBe(413);
    },
    30_000,
  );

  it('a 100 KB string within the body limit is a BAD_REQUEST naming the field', async () => {
    const answer = await call('session.login', 'mutation', { username: 'x'.repeat(100_000), password: 'x' }, null);
    expect(answer.status).toBe(400);
    expect(answer.issues.map((i) => i.path)).toEqual(['username']);
  });

  it('a 1 MB string in a query is refused before any procedure runs', async () => {
    const answer = await call('catalogue.games', 'query', { gameName: megabyte, pageNo: 1, pageSize: 10, language: 'en' }, null);
    // Node refuses a request line this long itself (431, over its header size limit).
    expect([400, 413, 414, 431]).toContain(answer.status);
  });
});

describe('language codes in any case', () => {
  it('accepts EN, En and en alike for the game list and the screen config', async () => {
    const upper = await h.client().catalogue.games.query({ pageNo: 1, pageSize: 5, language: 'EN' });
    const lower = await h.client().catalogue.games.query({ pageNo: 1, pageSize: 5, language: 'en' });
    expect(upper.games.map((g) => g.displayName)).toEqual(lower.games.map((g) => g.displayName));
    expect((await h.client().config.screen.query({ language: 'Bn' })).language).toBe('bn');
  });

  it('still refuses a language it does not know, naming the field', async () => {
    const answer = await call('catalogue.games', 'query', { pageNo: 1, pageSize: 5, language: 'FR' }, null);
    expect(answer.code).toBe('BAD_REQUEST');
    expect(answer.issues.map((i) => i.path)).toEqual(['language']);
  });
});
