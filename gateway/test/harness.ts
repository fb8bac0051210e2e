import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { startEmbeddedPlatform, type TEmbeddedPlatformOptions } from '@wl/platform/embedded';
import { DEMO_ACCOUNTS, DEMO_ROLE_OPERATORS } from '@wl/platform/seed/demo-accounts';
import { createTestDatabase, createTestSchema } from '@wl/platform/test-support/pg-schema';
import { snapshotBlob } from '@wl/platform/test-support/seeded-snapshot';
import { newCaptureFile } from '@wl/platform/test-support/outbox';
import { afterAll, beforeAll, inject } from 'vitest';
import { testEnv } from './env.ts';
import { buildApp, type TBuildAppOptions } from '../src/app.ts';
import type { AppRouter } from '../src/router-type.ts';

/** The embedded platform's captcha test key in gateway tests: answers derive from captcha ids (docs/0012). */
export const CAPTCHA_TEST_KEY = 'gateway-tests-captcha-key';

/** A real embedded platform (in-memory) with a gateway listening on a free port in front of it. */
export type THarness = {
  app: FastifyInstance;
  baseUrl: string;
  upstreamUrl: string;
  /** The embedded platform's message capture file (docs/0067): where tests read codes and links; null on a shared platform. */
  messages: string | null;
  /** A tRPC client over real HTTP; `token` goes in the authorization header. */
  client(options?: { token?: string; language?: 'bn' | 'en'; headers?: Record<string, string> }): TRPCClient<AppRouter>;
  close(): Promise<void>;
};

/**
 * The secret every harness platform and gateway share, as server.ts does per process: gateways of one
 * test file may share a platform (options.upstreamUrl) and still name client IPs.
 */
export const HARNESS_GATEWAY_SECRET = 'harness-gateway-secret';

/**
 * The harness's embedded platform: PGlite in memory, or a database of its own on DATABASE_URL's
 * PostgreSQL, copied from the suite's seeded template (CI runs the suite both ways). No background
 * jobs: no gateway test needs them.
 */
export async function startHarnessPlatform(
  options: Pick<TEmbeddedPlatformOptions, 'loadLimits'> = {},
): Promise<{ url: string; messages: string; close(): Promise<void> }> {
  // The embedded provider writes each message in full to a file of this platform's own (docs/0067).
  const messages = newCaptureFile();
  const common = { captchaTestKey: CAPTCHA_TEST_KEY, gatewaySecret: HARNESS_GATEWAY_SECRET, jobs: false, messageCaptureFile: messages, ...options };
  if (!testEnv.databaseUrl) {
    const snapshot = inject('pgliteSnapshot');
    const platform = await startEmbeddedPlatform({ memory: true, ...(snapshot ? { memorySnapshot: snapshotBlob(snapshot) } : {}), ...common });
    return { ...platform, messages };
  }
  // A copy of the suite's seeded template database (docs/0107): the start finds nothing to migrate or seed.
  const template = inject('pgTemplate');
  const { schema, drop, url } = template
    ? { schema: undefined, ...(await createTestDatabase(testEnv.databaseUrl, { template })) }
    : { url: testEnv.databaseUrl, ...(await createTestSchema(testEnv.databaseUrl)) };
  const platform = await startEmbeddedPlatform({ databaseUrl: url, ...(schema ? { schema } : {}), ...common });
  return {
    url: platform.url,
    messages,
    close: async () => {
      await platform.close();
      await drop();
    },
  };
}

/** A gateway's options in tests, and those of the platform it starts when they name no upstream. */
export type TGatewayOptions = Partial<TBuildAppOptions> & { platform?: Parameters<typeof startHarnessPlatform>[0] };

export async function startGateway({ platform: platformOptions, ...options }: TGatewayOptions = {}): Promise<THarness> {
  const platform = options.upstreamUrl ? null : await startHarnessPlatform(platformOptions);
  const upstreamUrl = options.upstreamUrl ?? platform!.url;
  const app = await buildApp({ merchantCode: 'DEMO', configPollMs: 50, gatewaySecret: HARNESS_GATEWAY_SECRET, ...options, upstreamUrl });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    baseUrl,
    upstreamUrl,
    messages: platform?.messages ?? null,
    client({ token, language, headers } = {}) {
      const url = `${baseUrl}/trpc`;
      return createTRPCClient<AppRouter>({
        links: [
          httpLink({
            url,
            headers: () => ({
              ...headers,
              ...(token ? { authorization: token } : {}),
              ...(language ? { 'x-language': language } : {}),
            }),
          }),
        ],
      });
    },
    async close() {
      await app.close();
      await platform?.close();
    },
  };
}

/**
 * A gateway (with its own embedded platform unless `options` name an upstream) for the file or
 * describe block this is called in: started and handed to `setUp` before its tests, closed after them.
 * `options` may be a function when they are only known once an outer `beforeAll` has run.
 */
export function useGateway(setUp: (h: THarness) => unknown, options: TGatewayOptions | (() => TGatewayOptions) = {}): void {
  let started: THarness | undefined;
  beforeAll(async () => {
    started = await startGateway(typeof options === 'function' ? options() : options);
    await setUp(started);
  });
  afterAll(async () => {
    await started?.close();
  });
}

/** An operator's session token (an operator has no second factor at login in the demo). */
export async function operatorToken(h: THarness, account: { username: string; password: string }): Promise<string> {
  return (await h.client().operator.login.mutate(account)).token;
}

const secondOwners = new WeakMap<THarness, Promise<string>>();

/**
 * A sensitive setting made live as operators do it (docs/0127): `change` (a setter of the login
 * thresholds, the agent limits or a money or security flag) drafts it as the operator of `token`;
 * demo_owner2 approves the draft and the author publishes it. Answers the setter's answer.
 */
export async function approvedChange<T extends { awaitingApproval: { draftId: number } | null }>(
  h: THarness,
  token: string,
  change: (operator: TRPCClient<AppRouter>) => Promise<T>,
): Promise<T> {
  const answer = await change(h.client({ token }));
  if (answer.awaitingApproval) {
    const { draftId } = answer.awaitingApproval;
    if (!secondOwners.has(h))
      secondOwners.set(
        h,
        operatorToken(
          h,
          DEMO_ROLE_OPERATORS.find((o) => o.role === 'owner')!,
        ),
      );
    const drafts = (await h.client({ token }).operator.configDrafts.query()).drafts;
    const revision = drafts.find((d) => d.id === draftId)!.revision;
    await h.client({ token: await secondOwners.get(h)! }).operator.configDraftApprove.mutate({ id: draftId, revision });
    await h.client({ token }).operator.configDraftPublish.mutate({ id: draftId, comment: 'approved in a test' });
  }
  return answer;
}

/** The session of a login outcome; fails the test when the login asked for a second factor instead. */
export function sessionOf<T extends { kind: string }>(outcome: T | null): Extract<T, { kind: 'session' }> {
  if (outcome?.kind !== 'session') throw new Error(`expected a session, got ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { kind: 'session' }>;
}

/** Logs an account in from the harness client's address (a known IP of every demo account) and answers its token. */
export async function loginToken(h: THarness, account: { username: string; password: string }): Promise<string> {
  return sessionOf(await h.client().session.login.mutate(account)).token;
}

/** Demo accounts seeded by the platform, with their passwords, as its seed declares them. */
export const ACCOUNTS = DEMO_ACCOUNTS;
