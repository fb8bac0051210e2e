import { useEffect, useState, type ReactElement } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TRaffle, TTicket, TTicketKind, TTicketPrize, TTicketRule } from '@wl/schemas';
import { newClientSeed, serverSeedHash } from '@wl/schemas/games/fair';
import { prizeIndexOf, ticketRoll } from '@wl/schemas/games/ticket';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { localDateTime, localDigits } from '../lib/numbers-later.ts';
import { useSession } from '../session/session-context.tsx';
import { ratePercent, useMinorFormat } from './rewards-parts.tsx';

/**
 * The reward centre's tickets (docs/0120): golden eggs, red envelopes and wheels the member has
 * earned, each with its commitment (the hash of its server seed) shown before it is opened, the
 * published odds of each kind, and after a draw the prize with a check the browser recomputes from
 * the revealed seed (schemas/src/games/ticket.ts).
 */

/** Decorative pictures of the three kinds (the title names the ticket). */
const KIND_PATHS: Record<TTicketKind, ReactElement> = {
  golden_egg: <path d="M12 2C8 2 5 8.5 5 13.5a7 7 0 0 0 14 0C19 8.5 16 2 12 2Z" fill="#f5c542" stroke="#a87b00" />,
  red_envelope: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" fill="#d62d2d" stroke="#8c1010" />
      <path d="M3 6l9 6 9-6" fill="none" stroke="#f5c542" />
      <circle cx="12" cy="12" r="2" fill="#f5c542" />
    </>
  ),
  wheel: (
    <>
      <circle cx="12" cy="12" r="9" fill="#3a7bd5" stroke="#1d4c8f" />
      <path d="M12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6 5.6 18.4" stroke="#fff" />
      <circle cx="12" cy="12" r="2" fill="#f5c542" />
    </>
  ),
};
function KindIcon({ kind }: { kind: TTicketKind }) {
  return (
    <svg className="ticket__icon" width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {KIND_PATHS[kind]}
    </svg>
  );
}

function usePrizeText(): (p: TTicketPrize) => string {
  const { t, i18n } = useTranslation();
  const money = useMinorFormat();
  return (p) =>
    p.kind === 'points'
      ? t('ticket_prize_points', { points: localDigits(String(p.amount), i18n.language) })
      : p.kind === 'bonus'
        ? t('ticket_prize_bonus', { amount: money(p.amount), multiple: localDigits(String(p.turnoverMultiple), i18n.language) })
        : t('ticket_prize_cash', { amount: money(p.amount) });
}

type TCheck = { hashOk: boolean; rollOk: boolean; prizeOk: boolean };

/** Recomputes a drawn ticket: the seed against the commitment, the roll, the prize the roll falls on. */
async function verifyTicket(ticket: TTicket, rule: TTicketRule | undefined): Promise<TCheck> {
  const d = ticket.drawn!;
  const [hash, roll] = await Promise.all([serverSeedHash(d.serverSeed), ticketRoll(d.serverSeed, d.clientSeed)]);
  const prizes = rule?.prizes ?? [];
  const at = prizeIndexOf(
    roll,
    prizes.map((p) => p.oddsBp),
  );
  return { hashOk: hash === ticket.serverSeedHash, rollOk: roll === d.roll, prizeOk: prizes[at]?.id === d.drawnPrizeId };
}

function DrawnTicket({ ticket, rule }: { ticket: TTicket; rule: TTicketRule | undefined }) {
  const { t, i18n } = useTranslation();
  const prizeText = usePrizeText();
  const [check, setCheck] = useState<TCheck | null>(null);
  const d = ticket.drawn!;
  const ok = check !== null && check.hashOk && check.rollOk && check.prizeOk;
  return (
    <div className="ticket__drawn">
      <p role="status" data-testid="tickets.prize" data-kind={d.prize.kind}>
        {d.prize.id !== d.drawnPrizeId ? t('ticket_won_fallback', { prize: prizeText(d.prize) }) : t('ticket_won', { prize: prizeText(d.prize) })}
      </p>
      <details className="ticket__fair">
        <summary>{t('ticket_fair_details')}</summary>
        <dl>
          <dt>{t('ticket_server_seed')}</dt>
          <dd className="ticket__hash" translate="no">
            {d.serverSeed}
          </dd>
          <dt>{t('ticket_client_seed')}</dt>
          <dd className="ticket__hash" translate="no">
            {d.clientSeed}
          </dd>
          <dt>{t('ticket_roll')}</dt>
          <dd>{localDigits(String(d.roll), i18n.language)}</dd>
        </dl>
      </details>
      <button
        type="button"
        className="btn btn--ghost"
        data-testid="tickets.verify"
        onClick={() => {
          void verifyTicket(ticket, rule).then(setCheck);
        }}
      >
        {t('ticket_verify')}
      </button>
      {check && (
        <p role="status" className={ok ? 'form__success' : 'form__error'} data-testid="tickets.verified" data-ok={ok}>
          {ok ? t('ticket_verified') : t('ticket_not_verified')}
        </p>
      )}
    </div>
  );
}

function TicketRow({ ticket, rule }: { ticket: TTicket; rule: TTicketRule | undefined }) {
  const { t, i18n } = useTranslation();
  const client = useTRPCClient();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useSession();
  const [shown, setShown] = useState<TTicket>(ticket);
  const draw = useMutation({
    mutationFn: () => client.tickets.draw.mutate({ ticketId: ticket.id, clientSeed: newClientSeed() }),
    onSuccess: (drawn) => {
      setShown(drawn);
      session.refreshBalance();
      void qc.invalidateQueries({ queryKey: trpc.member.pathKey() });
    },
  });
  const expires = localDateTime(shown.expiresAt, i18n.language);
  return (
    <li className="ticket" data-testid="tickets.ticket" data-kind={shown.kind} data-id={shown.id}>
      <KindIcon kind={shown.kind} />
      <div className="ticket__body">
        <h3 className="ticket__title">{shown.title}</h3>
        {shown.drawn === null ? (
          <>
            <p className="ticket__meta">{t('ticket_expires', { when: expires })}</p>
            <p className="ticket__meta">
              {t('ticket_commitment')}{' '}
              <code className="ticket__hash" data-testid="tickets.commitment" translate="no">
                {shown.serverSeedHash}
              </code>
            </p>
            {draw.error && (
              <p className="form__error" role="alert" data-testid="tickets.error">
                {t(errorKey(draw.error))}
              </p>
            )}
            <button type="button" className="btn btn--primary" data-testid="tickets.open" disabled={draw.isPending} onClick={() => draw.mutate()}>
              {t(`ticket_open_${shown.kind}`)}
            </button>
          </>
        ) : (
          <DrawnTicket ticket={shown} rule={rule} />
        )}
      </div>
    </li>
  );
}

function Odds({ rule }: { rule: TTicketRule }) {
  const { t, i18n } = useTranslation();
  const prizeText = usePrizeText();
  return (
    <details className="ticket__odds" data-testid="tickets.odds">
      <summary>{t('ticket_odds_of', { title: rule.title })}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('ticket_prize')}</th>
            <th scope="col">{t('ticket_chance')}</th>
          </tr>
        </thead>
        <tbody>
          {rule.prizes.map((p) => (
            <tr key={p.id}>
              <td>
                {prizeText(p)}
                {p.fallback ? ` (${t('ticket_fallback')})` : ''}
                {p.outOfStock ? ` (${t('ticket_out_of_stock')})` : ''}
              </td>
              <td>{ratePercent(p.oddsBp, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** An open raffle (SPEC §7 raffle claim): what it needs, what the member has, its claim once. */
function RaffleRow({ raffle }: { raffle: TRaffle }) {
  const { t, i18n } = useTranslation();
  const client = useTRPCClient();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const money = useMinorFormat();
  const claim = useMutation({
    mutationFn: () => client.tickets.claimRaffle.mutate({ raffleId: raffle.id }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: trpc.tickets.pathKey() });
      void qc.invalidateQueries({ queryKey: trpc.member.pathKey() });
    },
  });
  const eligible = raffle.depositedMinor >= raffle.minDepositMinor;
  const ends = localDateTime(raffle.endsAt, i18n.language);
  return (
    <li className="ticket" data-testid="raffles.raffle" data-id={raffle.id}>
      <div className="ticket__body">
        <h3 className="ticket__title">{raffle.title}</h3>
        <p className="ticket__meta">{t('raffle_ends', { when: ends })}</p>
        <p className="ticket__meta">{t('raffle_progress', { deposited: money(raffle.depositedMinor), needed: money(raffle.minDepositMinor) })}</p>
        {claim.error && (
          <p className="form__error" role="alert" data-testid="raffles.error">
            {t(errorKey(claim.error))}
          </p>
        )}
        {raffle.ticketId !== null ? (
          <p className="form__success" data-testid="raffles.claimed">
            {t('raffle_claimed_note')}
          </p>
        ) : (
          <button type="button" className="btn btn--primary" data-testid="raffles.claim" disabled={!eligible || claim.isPending} onClick={() => claim.mutate()}>
            {t('raffle_claim')}
          </button>
        )}
      </div>
    </li>
  );
}

/** The tickets card of the reward centre. */
export function RewardTicketsCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const tickets = useQuery(trpc.tickets.tickets.queryOptions());
  // Listing collects what was earned: the header's badge counts it from then on.
  const loadedAt = tickets.dataUpdatedAt;
  useEffect(() => {
    if (loadedAt > 0) void qc.invalidateQueries({ queryKey: trpc.member.pathKey() });
  }, [loadedAt, qc, trpc]);
  const rules = new Map(tickets.data?.rules.map((r) => [r.id, r]));
  const raffles = useQuery(trpc.tickets.raffles.queryOptions());
  return (
    <section className="card" data-testid="tickets.card" aria-labelledby="tickets-title">
      <h2 id="tickets-title">{t('ticket_title')}</h2>
      {tickets.error ? (
        <p className="form__error" role="alert">
          {t(errorKey(tickets.error))}
        </p>
      ) : !tickets.data ? (
        <div className="page-loading" aria-busy="true" />
      ) : (
        <>
          {tickets.data.tickets.length === 0 ? (
            <p className="no-data">{t('ticket_none')}</p>
          ) : (
            <ul className="tickets">
              {tickets.data.tickets.map((ticket) => (
                <TicketRow key={ticket.id} ticket={ticket} rule={rules.get(ticket.ruleId)} />
              ))}
            </ul>
          )}
          {raffles.data && raffles.data.rows.length > 0 && (
            <>
              <h3>{t('raffle_title')}</h3>
              <ul className="tickets">
                {raffles.data.rows.map((r) => (
                  <RaffleRow key={r.id} raffle={r} />
                ))}
              </ul>
            </>
          )}
          <p className="ticket__meta">{t('ticket_how')}</p>
          {tickets.data.rules.map((r) => (
            <Odds key={r.id} rule={r} />
          ))}
        </>
      )}
    </section>
  );
}
