import { OPERATOR_TICKET_CALLS, TICKET_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { claimRaffle, createRaffle, memberRaffles } from './raffles.service.ts';
import { operatorTicketRules, saveTicketRule, setTicketTexts } from './tickets-operator.service.ts';
import { drawTicket, memberTickets } from './tickets.service.ts';

/** The member's reward tickets (docs/0120); always the session's own member. */
export const ticketRoutes = routesOf(TICKET_CALLS, {
  tickets: (c) => memberTickets(c.deps, c.merchant, c.actor.memberId, requestLanguage(c.request)),
  draw: (c) => drawTicket(c.deps, c.merchant, c.actor.memberId, c.input.ticketId, c.input.clientSeed, c.ip, requestLanguage(c.request)),
  raffles: (c) => memberRaffles(c.deps, c.merchant, c.actor.memberId, requestLanguage(c.request)),
  claimRaffle: (c) => claimRaffle(c.deps, c.merchant, c.actor.memberId, c.input.raffleId, c.ip, requestLanguage(c.request)),
});

/** The console's ticket rules (docs/0120): config.read lists, money.write (finance) sets prizes and odds, content.write the titles. */
export const operatorTicketRoutes = routesOf(OPERATOR_TICKET_CALLS, {
  ticketRules: (c) => operatorTicketRules(c.deps, c.merchant),
  saveTicketRule: (c) => saveTicketRule(c.deps, c.merchant, c.actor, c.ip, c.input),
  setTicketTexts: (c) => setTicketTexts(c.deps, c.merchant, c.actor, c.ip, c.input),
  createRaffle: (c) => createRaffle(c.deps, c.merchant, c.actor, c.ip, c.input),
});
