import { OPERATOR_TICKET_CALLS, TICKET_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { claimRaffle, memberRaffles } from './raffles.service.ts';
import { operatorTicketRules, saveRaffle, saveTicketRule, setTicketPrizes } from './tickets-operator.service.ts';
import { drawTicket, memberTickets } from './tickets.service.ts';

/** The member's reward tickets (docs/0120); always the session's own member. */
export const ticketRoutes = routesOf(TICKET_CALLS, {
  tickets: (c) => memberTickets(c.deps, c.merchant, c.actor.memberId, requestLanguage(c.request)),
  draw: (c) => drawTicket(c.deps, c.merchant, c.actor.memberId, c.input.ticketId, c.input.clientSeed, c.ip, requestLanguage(c.request)),
  raffles: (c) => memberRaffles(c.deps, c.merchant, c.actor.memberId, requestLanguage(c.request)),
  claimRaffle: (c) => claimRaffle(c.deps, c.merchant, c.actor.memberId, c.input.raffleId, c.ip, requestLanguage(c.request)),
});

/** The console's ticket rules and raffles (docs/0126): config.read lists, content.write writes rules and raffles, money.write (finance) their prizes. */
export const operatorTicketRoutes = routesOf(OPERATOR_TICKET_CALLS, {
  ticketRules: (c) => operatorTicketRules(c.deps, c.merchant),
  saveTicketRule: (c) => saveTicketRule(c.deps, c.merchant, c.actor, c.ip, c.input),
  setTicketPrizes: (c) => setTicketPrizes(c.deps, c.merchant, c.actor, c.ip, c.input),
  saveRaffle: (c) => saveRaffle(c.deps, c.merchant, c.actor, c.ip, c.input),
});
