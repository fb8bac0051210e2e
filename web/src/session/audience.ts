import { AGENT_TYPES, TRIAL_TYPE } from '@wl/schemas/constants';
import type { TAudience, TMemberInfo } from '@wl/schemas';

/**
 * SPEC §4: agent and trial flags come from the member type. Same rule as `audienceOf` in
 * @wl/schemas, restated over the constants module so the zod schemas stay out of the initial bundle.
 */
export function audienceOf(member: Pick<TMemberInfo, 'type'> | null): TAudience {
  if (!member) return 'visitor';
  if (member.type === TRIAL_TYPE) return 'trial';
  if ((AGENT_TYPES as readonly number[]).includes(member.type)) return 'agent';
  return 'member';
}
