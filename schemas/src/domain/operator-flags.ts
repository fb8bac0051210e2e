import type { TOperatorPermission } from '../wps/operator-calls.ts';
import { CONTRACT_KIND_MODULES } from './contracts.ts';

/**
 * Which permission switching a whitelabel flag needs (docs/0066). Most flags change what members
 * see (whitelabel.write: owner and content). A flag that switches an agent contract kind on pays
 * money (money.write: owner and finance); a flag that weakens how members log in, recover or prove
 * their account is a security setting (security.write: owner). Pure: the platform checks it on
 * every PUT of a flag and the console greys out the switches the role may not use.
 */
export const SECURITY_FLAGS: readonly string[] = ['MOBILEVERCODELOGIN3', 'PWDEXPFORCECHANGE3', 'CHNGPASSVERIF3', 'REGMOBVERF3'];

const MONEY_FLAGS: readonly string[] = Object.values(CONTRACT_KIND_MODULES);

/** The permission a change of this whitelabel flag needs. */
export function flagPermission(modId: string): TOperatorPermission {
  if (MONEY_FLAGS.includes(modId)) return 'money.write';
  if (SECURITY_FLAGS.includes(modId)) return 'security.write';
  return 'whitelabel.write';
}
