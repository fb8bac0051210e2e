import { router } from '../../trpc/init.ts';
import { addBankAccount } from './add-bank-account.ts';
import { getSecurity } from './get-security.ts';
import { setWithdrawPassword } from './set-withdraw-password.ts';

/** The security centre (issue 8 item 8): withdraw password and bank accounts, every change audited by the platform. */
export const securityRouter = router({
  centre: getSecurity,
  setWithdrawPassword,
  addBankAccount,
});
