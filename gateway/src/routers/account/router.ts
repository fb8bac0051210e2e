import { router } from '../../trpc/init.ts';
import { changePassword } from './change-password.ts';
import { checkAffiliate } from './check-affiliate.ts';
import { forgotByEmail } from './forgot-by-email.ts';
import { registerMember } from './register-member.ts';
import { resetByLink } from './reset-by-link.ts';
import { resetByMobile } from './reset-by-mobile.ts';
import { stepUp } from './step-up.ts';
import { totpSetup } from './totp-setup.ts';
import { totpEnable } from './totp-enable.ts';

/** Accounts: registration, passwords (change, forgot, reset) and the authenticator app. */
export const accountRouter = router({
  checkAffiliate,
  register: registerMember,
  changePassword,
  forgotByEmail,
  resetByLink,
  resetByMobile,
  totpSetup,
  totpEnable,
  stepUp,
});
