import { AGENT_TYPES, TRIAL_TYPE } from '../constants.ts';

// Without zod: flows and the web import this alone (`@wl/schemas/domain/audience`).

export type TAudience = 'visitor' | 'member' | 'trial' | 'agent';

/** docs/rules/accounts.md#a-1: agent and trial flags come from the member type. */
export function audienceOf(member: { type: number } | null): TAudience {
  if (!member) return 'visitor';
  if (member.type === TRIAL_TYPE) return 'trial';
  if ((AGENT_TYPES as readonly number[]).includes(member.type)) return 'agent';
  return 'member';
}
