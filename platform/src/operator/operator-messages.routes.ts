import { OPERATOR_MESSAGE_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { cancelOperatorMessage, operatorMessages, sendOperatorMessage } from './operator-messages.service.ts';

/** The console's messages (docs/0112): config.read lists them, whitelabel.write (owner, content) sends and withdraws, audited. */
export const operatorMessageRoutes = routesOf(OPERATOR_MESSAGE_CALLS, {
  messages: (c) => operatorMessages(c.deps, c.merchant.id, c.input),
  sendMessage: (c) => sendOperatorMessage(c.deps, c.merchant, c.actor, c.ip, c.input),
  cancelMessage: (c) => cancelOperatorMessage(c.deps, c.merchant, c.actor, c.ip, c.input.id),
});
