import { router } from '../../trpc/init.ts';
import { getConfig } from './get-config.ts';
import { getSecurity } from './get-security.ts';
import { listOutbox } from './list-outbox.ts';
import { loginOperator } from './login-operator.ts';
import { setFlag } from './set-flag.ts';
import { setSecurity } from './set-security.ts';
import { setSystem } from './set-system.ts';

/** The operator console: login, read and change the merchant's configuration, security thresholds and the message outbox. */
export const operatorRouter = router({
  login: loginOperator,
  config: getConfig,
  setFlag,
  setSystem,
  outbox: listOutbox,
  security: getSecurity,
  setSecurity,
});
