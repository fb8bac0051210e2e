import type { TBalance } from '@wl/schemas';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { walletBalance } from './wallet.queries.ts';

/** The member's balance in minor units with the merchant's currency symbol. */
export async function balance(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember): Promise<TBalance> {
  return { balance: await walletBalance(deps.db, member.memberId), currencySymbol: merchant.currency_symbol };
}
