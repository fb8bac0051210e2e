import { router } from '../../trpc/init.ts';
import { addBankAccount } from './add-bank-account.ts';
import { bindContact, sendBindCode } from './bind-contact.ts';
import { getSecurity } from './get-security.ts';
import { setWithdrawPassword } from './set-withdraw-password.ts';

/** The security centre (issue 8 item 8): withdraw password, bank accounts, mobile and email, every change audited by the platform. */
export const securityRouter = router({
  centre: getSecurity,
  setWithdrawPassword,
  addBankAccount,
  sendBindCode,
  bindContact,
});
