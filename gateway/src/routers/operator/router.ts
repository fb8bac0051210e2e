import { router } from '../../trpc/init.ts';
import { getConfig } from './get-config.ts';
import { loginOperator } from './login-operator.ts';
import { setFlag } from './set-flag.ts';
import { setSystem } from './set-system.ts';

/** The operator console: login, read and change the merchant's configuration. */
export const operatorRouter = router({
  login: loginOperator,
  config: getConfig,
  setFlag,
  setSystem,
});
