import { TRPCError, initTRPC } from '@trpc/server';
import { z } from 'zod';
import { WPS_CODES, WPS_MESSAGES, ZFieldErrors, ZInputIssueValue, type TFieldErrors } from '@wl/schemas';
import { UpstreamError, toTRPCError } from '../upstream/upstream.errors.ts';
import type { TContext } from './context.ts';

/** One validation problem, path dotted (`username`, `pageNo`). */
export type TInputIssue = { path: string; message: string };

function issuesOf(cause: unknown): TInputIssue[] | null {
  if (!cause || typeof cause !== 'object' || !('issues' in cause) || !Array.isArray(cause.issues)) return null;
  return (cause.issues as { path?: PropertyKey[]; message?: string }[]).slice(0, 20).map((issue) => ({
    path: (issue.path ?? []).map(String).join('.'),
    message: String(issue.message ?? 'invalid'),
  }));
}

/**
 * The fields a refusal names, in the same `data.issues` shape as an input error, whichever side said
 * no: the upstream's `{ field, issue }` of a 400, or the per-field messages of a refused form.
 */
function refusalIssuesOf(cause: unknown): TInputIssue[] | null {
  if (!(cause instanceof UpstreamError) || cause.code !== WPS_CODES.badRequest) return null;
  const issue = ZInputIssueValue.safeParse(cause.value);
  if (issue.success) return [{ path: issue.data.field, message: issue.data.issue }];
  const fields = ZRefusalValue.safeParse(cause.value).data?.fieldErrors;
  if (!fields) return null;
  return Object.entries(fields)
    .slice(0, 20)
    .map(([path, error]) => ({ path, message: error.key }));
}

/** What a refusal's envelope value may carry (docs/rules/accounts.md): captcha flag, retry delay, per-field messages. */
const ZRefusalValue = z.object({
  captcha: z.boolean().optional(),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  fieldErrors: ZFieldErrors.optional(),
  /** A withdrawal's forfeit warning: the bonus money that would be lost (docs/0095). */
  bonusMinor: z.number().int().nonnegative().optional(),
  /** A bet refused by a loss or stake limit: when its room grows again (docs/0104). */
  resetAt: z.string().datetime().nullable().optional(),
});

/** `data.upstream` of an error: the refusal's code and what the web needs to react to it. */
export type TUpstreamErrorData = {
  code: number;
  captchaRequired: boolean;
  retryAfterSeconds?: number;
  fieldErrors?: TFieldErrors;
  bonusMinor?: number;
  resetAt?: string;
};

function upstreamDataOf(cause: UpstreamError): TUpstreamErrorData {
  const value = ZRefusalValue.safeParse(cause.value).data;
  return {
    code: cause.code,
    captchaRequired: value?.captcha === true,
    ...(value?.retryAfterSeconds !== undefined ? { retryAfterSeconds: value.retryAfterSeconds } : {}),
    ...(value?.fieldErrors !== undefined ? { fieldErrors: value.fieldErrors } : {}),
    ...(value?.bonusMinor !== undefined ? { bonusMinor: value.bonusMinor } : {}),
    ...(value?.resetAt ? { resetAt: value.resetAt } : {}),
  };
}

const t = initTRPC.context<TContext>().create({
  // Never send stack traces to browsers.
  isDev: false,
  /**
   * Messages are translation keys the web looks up (docs/rules/reach.md#r-23). Input errors say which field is wrong
   * in `data.issues`; upstream refusals carry `data.upstream` (code, and whether a captcha is now required).
   */
  errorFormatter({ shape, error }) {
    const inputIssues = error.code === 'BAD_REQUEST' ? issuesOf(error.cause) : null;
    const issues = inputIssues ?? (error.code === 'BAD_REQUEST' ? refusalIssuesOf(error.cause) : null);
    const cause = error.cause;
    const upstream = cause instanceof UpstreamError ? upstreamDataOf(cause) : null;
    return {
      ...shape,
      message: inputIssues ? WPS_MESSAGES.badRequest : shape.message,
      data: { ...shape.data, issues, upstream },
    };
  },
  sse: {
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 30_000 },
  },
});

export const router = t.router;

/** Upstream failures become the TRPCError the web reacts to (SERVICE_UNAVAILABLE, UNAUTHORIZED, ...). */
const mapUpstreamErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = toTRPCError(result.error.cause);
    if (mapped instanceof TRPCError && mapped !== result.error) return { ...result, error: mapped };
  }
  return result;
});

/** Anyone may call. */
export const publicProcedure = t.procedure.use(mapUpstreamErrors);

/** Needs a member session token; the upstream decides whether it is valid (401 → UNAUTHORIZED). */
export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.token) throw new TRPCError({ code: 'UNAUTHORIZED', message: WPS_MESSAGES.notLoggedIn });
  return next({ ctx: { ...ctx, token: ctx.token } });
});

/** Needs an operator session token (sent in the same authorization header); the upstream checks its role. */
export const operatorProcedure = memberProcedure;
