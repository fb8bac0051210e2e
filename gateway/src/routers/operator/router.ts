import { router } from '../../trpc/init.ts';
import { getAudit } from './get-audit.ts';
import { getConfig } from './get-config.ts';
import { getSecurity } from './get-security.ts';
import { listOutbox } from './list-outbox.ts';
import { loginOperator } from './login-operator.ts';
import { setFlag } from './set-flag.ts';
import { setSecurity } from './set-security.ts';
import { setSystem } from './set-system.ts';
import { totpEnable } from './totp-enable.ts';
import { totpSetup } from './totp-setup.ts';

/** The operator console: login, configuration, security thresholds, the message outbox, the audit log and the operator's authenticator; the platform checks each call's permission. */
export const operatorRouter = router({
  login: loginOperator,
  config: getConfig,
  setFlag,
  setSystem,
  outbox: listOutbox,
  security: getSecurity,
  setSecurity,
  audit: getAudit,
  totpSetup,
  totpEnable,
});
