import { OPERATOR_HELP_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { consoleHelpTexts, saveHelpText } from './help.service.ts';

/** The console's help-centre texts (docs/0109): read with config.read, written with content.write (the call's audience). */
export const operatorHelpRoutes = routesOf(OPERATOR_HELP_CALLS, {
  helpTexts: (c) => consoleHelpTexts(c.deps.db, c.merchant.id),
  saveHelpText: (c) => saveHelpText(c.deps, c.merchant, c.actor, c.ip, c.input),
});
