import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import { formatMinor } from '../lib/numbers.ts';
import type { TContractKind } from '@wl/schemas/domain/contracts';
import { RECORD_EXPORT_MAX_ROWS, RECORD_MAX_RANGE_DAYS, toCsv } from '@wl/schemas/domain/records';
import type { TContract, TSettlementRow } from '@wl/schemas/wps/contract-calls';
import { Field, SubmitButton } from '../accounts/form-parts.tsx';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { useSession } from '../session/session-context.tsx';
import '../styles/money.css';
import { AGENT_PERIODS, dayText, midnight, periodRange, type TAgentPeriod } from './agent-periods.ts';
import { rateText, TermsEditor, TermsView, useTermsEditor } from './contract-terms.tsx';

const PAGE_SIZE = 20;
const EXPORT_PAGE = 100;
type TAction = 'accept' | 'reject' | 'terminate' | 'confirmTermination' | 'declineTermination' | 'withdraw';

const failure = (err: unknown) => inputIssuesOf(err)[0]?.message ?? errorKey(err);
const when = (iso: string | null, language: string) => (iso ? localDateTime(iso, language) : '');

/** The actions a side may take on a contract in its state (the server checks the same, docs/0049). */
function actionsFor(c: TContract, side: 'holder' | 'upline'): TAction[] {
  if (c.state === 'new') return side === 'holder' ? ['accept', 'reject'] : ['withdraw'];
  if (c.state === 'accepted' && c.upline !== null) return ['terminate'];
  if (c.state === 'termination' && c.terminationBy !== side) return ['confirmTermination', 'declineTermination'];
  return [];
}

/** A contract with its state, its terms, the other side and the buttons of what may happen next. */
function ContractCard({ contract, side, testId, pending, onAct }: { contract: TContract; side: 'holder' | 'upline'; testId: string; pending: boolean; onAct: (c: TContract, a: TAction) => void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const other = side === 'holder' ? (contract.upline ? `${contract.upline.nickname} (${contract.upline.username})` : t('contract_operator')) : `${contract.holder.nickname} (${contract.holder.username})`;
  const status = contract.state === 'termination' ? t(`contract_termination_by_${contract.terminationBy === side ? 'me' : 'other'}`) : contract.endReason ? t(`contract_end_${contract.endReason}`) : t(`contract_state_${contract.state}`);
  return (
    <div className="contract-card" data-testid={testId} data-state={contract.state} data-username={contract.holder.username}>
      <div className="agent-content__row">
        <strong>
          <Trans i18nKey={side === 'holder' ? 'contract_from' : 'contract_to'} values={{ name: other }} components={{ name: <span translate="no" /> }} />
        </strong>
        <span className={`contract-card__state is-${contract.state}`} data-testid={`${testId}-state`}>
          {status}
        </span>
      </div>
      <TermsView terms={contract.terms} currency={session.balance?.currencySymbol ?? ''} testId={`${testId}-terms`} />
      <p className="money__hint">
        {t('contract_offered_at', { time: when(contract.offeredAt, i18n.language) })}
        {contract.acceptedAt ? ` · ${t('contract_accepted_at', { time: when(contract.acceptedAt, i18n.language) })}` : ''}
        {contract.endedAt ? ` · ${t('contract_ended_at', { time: when(contract.endedAt, i18n.language) })}` : ''}
      </p>
      <div className="contract-card__actions">
        {actionsFor(contract, side).map((a) => (
          <button key={a} type="button" className={`btn btn--small ${a === 'accept' || a === 'confirmTermination' ? 'btn--primary' : 'btn--ghost'}`} data-testid={`${testId}-${a}`} disabled={pending} onClick={() => onAct(contract, a)}>
            {t(`contract_action_${a}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * A contract page (SPEC §2 agentRealtimeSalary, agentHourSalary, agentDailyWages2,
 * agentDividendRecordCopy2; issue 10 items 3 and 4): my contract from my upline (accept, reject,
 * terminate), the contracts I offered my direct downline agents with the offer form, and the
 * settlement records of the kind (mine or my downlines'), filtered by period, paged, with totals and
 * CSV. The platform enforces every rule shown here (docs/0049).
 */
export function ContractPage({ kind }: { kind: TContractKind }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const session = useSession();
  const currency = session.balance?.currencySymbol ?? '';
  const money = (minor: number) => formatMinor(minor, language, currency);
  const overview = useQuery(trpc.agent.contracts.queryOptions({ kind }, { staleTime: 0 }));
  const data = overview.data;
  const [actError, setActError] = useState<string | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.agent.contracts.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.agent.settlements.queryKey() });
  };
  const act = useMutation(trpc.agent.contractAct.mutationOptions({ onSuccess: () => { setActError(null); refresh(); }, onError: (err) => setActError(failure(err)) }));
  const onAct = (c: TContract, action: TAction) => {
    if ((action === 'terminate' || action === 'reject' || action === 'withdraw') && !window.confirm(t('contract_confirm_end'))) return;
    act.mutate({ contractId: c.id, action });
  };

  // The offer form.
  const editor = useTermsEditor(kind);
  const [memberId, setMemberId] = useState<number | ''>('');
  const [offerError, setOfferError] = useState<string | null>(null);
  const [offerDone, setOfferDone] = useState<string | null>(null);
  const offer = useMutation(
    trpc.agent.contractOffer.mutationOptions({
      onSuccess: (c) => {
        setOfferDone(t('contract_offer_done', { name: c.holder.nickname }));
        editor.reset();
        refresh();
      },
      onError: (err) => setOfferError(failure(err)),
    }),
  );
  const submitOffer = (e: FormEvent) => {
    e.preventDefault();
    setOfferDone(null);
    if (memberId === '') return setOfferError('contract_pick_downline');
    const built = editor.build();
    if ('problem' in built) return setOfferError(built.problem);
    setOfferError(null);
    offer.mutate({ memberId, terms: built.terms });
  };

  // The settlement records.
  const [scope, setScope] = useState<'mine' | 'team'>('mine');
  const [period, setPeriod] = useState<TAgentPeriod>('thisWeek');
  const today = dayText(new Date());
  const [custom, setCustom] = useState({ from: dayText(midnight(today, -6)), to: today });
  const [pageNo, setPageNo] = useState(1);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const range = periodRange(period, new Date(), custom);
  const days = Math.round((range.to.getTime() - range.from.getTime()) / 86_400_000);
  const rangeProblem = days < 1 ? 'record_range_invalid' : days > RECORD_MAX_RANGE_DAYS ? 'record_range_too_long' : null;
  const query = { kind, scope, from: range.from.toISOString(), to: range.to.toISOString() };
  const records = useQuery(trpc.agent.settlements.queryOptions({ ...query, pageNo, pageSize: PAGE_SIZE }, { enabled: rangeProblem === null && data !== undefined, staleTime: 0 }));
  const r = records.data;
  const periodText = (row: TSettlementRow) => `${localDateTime(row.periodStart, i18n.language)} – ${localDateTime(row.periodEnd, i18n.language)}`;

  const exportCsv = async () => {
    setExportNote(null);
    try {
      // CSV keeps ASCII digits in every language: it is read by spreadsheets and programs (docs/0056).
      const lines: (string | number)[][] = [];
      for (let page = 1; lines.length < RECORD_EXPORT_MAX_ROWS; page += 1) {
        const p = await client.agent.settlements.query({ ...query, pageNo: page, pageSize: EXPORT_PAGE });
        lines.push(...p.rows.map((x) => [x.holderUsername, x.periodStart, x.periodEnd, x.validBetMinor / 100, x.payoutMinor / 100, x.activeMembers, x.baseMinor / 100, rateText(x.rateBp, 'en'), x.amountMinor / 100, x.paidAt]));
        if (page * EXPORT_PAGE >= p.total) break;
      }
      const header = [t('agent_account'), t('contract_col_from'), t('contract_col_to'), t('agent_valid_bets'), t('agent_payout'), t('agent_active_members'), t('contract_col_base'), t('contract_col_rate'), t('contract_col_amount'), t('contract_col_paid')];
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(['\uFEFF', toCsv(header, lines.slice(0, RECORD_EXPORT_MAX_ROWS))], { type: 'text/csv;charset=utf-8' }));
      link.download = `${kind}-${scope}-${dayText(range.from)}-${dayText(new Date(range.to.getTime() - 1))}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
      setExportNote(lines.length > RECORD_EXPORT_MAX_ROWS ? t('record_export_capped', { count: RECORD_EXPORT_MAX_ROWS }) : t('record_exported', { count: lines.length }));
    } catch (err) {
      setExportNote(t(errorKey(err)));
    }
  };

  const windowText = (seconds: number) => (seconds % 60 === 0 ? t('contract_window_minutes', { count: seconds / 60 }) : t('contract_window_seconds', { count: seconds }));
  const live = data?.offered.filter((c) => c.state === 'new' || c.state === 'accepted' || c.state === 'termination') ?? [];
  const ended = data?.offered.filter((c) => !live.includes(c)).slice(0, 10) ?? [];
  return (
    <div className="agent-content money" data-testid="contract.page" data-kind={kind}>
      <section className="card" aria-busy={overview.isFetching}>
        <h1 className="agent-content__title">{t(`contract_title_${kind}`)}</h1>
        <p className="money__hint">{t(`contract_intro_${kind}`, { window: windowText(data?.windowSeconds ?? 300) })}</p>
        {overview.error && (
          <p className="form__error" role="alert" data-testid="contract.error">
            {t(errorKey(overview.error))}
          </p>
        )}
        {actError && (
          <p className="form__error" role="alert" data-testid="contract.act-error">
            {t(actError)}
          </p>
        )}
        <h2>{t('contract_mine')}</h2>
        {data && !data.mine && !data.myOffer && <p className="no-data" data-testid="contract.mine-none">{t('contract_mine_none')}</p>}
        {data?.myOffer && <ContractCard contract={data.myOffer} side="holder" testId="contract.offer-in" pending={act.isPending} onAct={onAct} />}
        {data?.mine && <ContractCard contract={data.mine} side="holder" testId="contract.mine" pending={act.isPending} onAct={onAct} />}
      </section>

      {data && data.candidates.length > 0 && (
        <section className="card">
          <h2>{t('contract_offer_title')}</h2>
          {data.mine && (data.mine.state === 'accepted' || data.mine.state === 'termination') ? (
            <form className="form" onSubmit={submitOffer} noValidate>
              <Field label={t('contract_downline')}>
                <select className="input" data-testid="contract.offer-member" value={memberId} onChange={(e) => { setMemberId(e.target.value === '' ? '' : Number(e.target.value)); setOfferError(null); }}>
                  <option value="">{t('contract_pick_downline')}</option>
                  {data.candidates.map((c) => (
                    <option key={c.memberId} value={c.memberId} disabled={c.hasOffer}>
                      {`${c.nickname} (${c.username})${c.hasOffer ? ` · ${t('contract_has_offer')}` : ''}`}
                    </option>
                  ))}
                </select>
              </Field>
              <p className="money__hint">{t('contract_cap_hint')}</p>
              <TermsEditor editor={editor} onChange={() => { setOfferError(null); setOfferDone(null); }} />
              {offerError && (
                <p className="form__error" role="alert" data-testid="contract.offer-error">
                  {t(offerError)}
                </p>
              )}
              <SubmitButton testId="contract.offer-submit" pending={offer.isPending}>
                {t('contract_offer_submit')}
              </SubmitButton>
              {offerDone && (
                <p className="money__hint" role="status" data-testid="contract.offer-done">
                  {offerDone}
                </p>
              )}
            </form>
          ) : (
            <p className="no-data" data-testid="contract.offer-none">{t('contract_offer_needs_own')}</p>
          )}
          <h3>{t('contract_offered')}</h3>
          {live.length === 0 && <p className="no-data">{t('contract_offered_none')}</p>}
          {live.map((c) => (
            <ContractCard key={c.id} contract={c} side="upline" testId="contract.offered" pending={act.isPending} onAct={onAct} />
          ))}
          {ended.length > 0 && (
            <details>
              <summary>{t('contract_offered_ended', { count: ended.length })}</summary>
              {ended.map((c) => (
                <ContractCard key={c.id} contract={c} side="upline" testId="contract.offered-ended" pending={act.isPending} onAct={onAct} />
              ))}
            </details>
          )}
        </section>
      )}

      <section className="card" aria-busy={records.isFetching}>
        <h2>{t('contract_records')}</h2>
        <div className="money__quick" role="group" aria-label={t('contract_scope')}>
          {(['mine', 'team'] as const).map((s) => (
            <button key={s} type="button" className={`btn btn--ghost btn--small${scope === s ? ' is-active' : ''}`} aria-pressed={scope === s} data-testid={`contract.scope.${s}`} onClick={() => { setScope(s); setPageNo(1); }}>
              {t(`contract_scope_${s}`)}
            </button>
          ))}
        </div>
        <div className="money__quick" role="group" aria-label={t('agent_periods')}>
          {AGENT_PERIODS.map((p) => (
            <button key={p} type="button" className={`btn btn--ghost btn--small${period === p ? ' is-active' : ''}`} aria-pressed={period === p} data-testid={`contract.period.${p}`} onClick={() => { setPeriod(p); setPageNo(1); }}>
              {t(`agent_period_${p}`)}
            </button>
          ))}
        </div>
        {period === 'custom' && (
          <div className="money__grid">
            <Field label={t('record_from')}>
              <input className="input" type="date" data-testid="contract.from" value={custom.from} max={custom.to} onChange={(e) => { setCustom((c) => ({ ...c, from: e.target.value })); setPageNo(1); }} />
            </Field>
            <Field label={t('record_to')}>
              <input className="input" type="date" data-testid="contract.to" value={custom.to} min={custom.from} onChange={(e) => { setCustom((c) => ({ ...c, to: e.target.value })); setPageNo(1); }} />
            </Field>
          </div>
        )}
        {rangeProblem && (
          <p className="form__error" role="alert">
            {t(rangeProblem, { days: RECORD_MAX_RANGE_DAYS })}
          </p>
        )}
        {r && (
          <p className="money__limits" data-testid="contract.records-totals">
            {t('contract_records_totals', { count: r.total, amount: money(r.amountMinor), base: money(r.baseMinor) })}
          </p>
        )}
        {r && r.total === 0 && <p className="no-data" data-testid="contract.records-empty">{t('contract_records_none')}</p>}
        <ul className="money__list" data-testid="contract.records">
          {r?.rows.map((x) => (
            <li key={x.id} className="money__row" data-testid="contract.record-row" data-username={x.holderUsername}>
              <span>{periodText(x)}</span>
              {scope === 'team' && <span translate="no">{x.holderUsername}</span>}
              <span>{t('contract_record_line', { bet: money(x.validBetMinor), base: money(x.baseMinor), rate: rateText(x.rateBp, language) })}</span>
              <strong data-testid="contract.record-amount">{money(x.amountMinor)}</strong>
            </li>
          ))}
        </ul>
        <RecordPager pageNo={pageNo} total={r?.total} pageSize={PAGE_SIZE} onPage={setPageNo} testId="contract" />
        <button type="button" className="btn btn--ghost btn--block" data-testid="contract.export" disabled={!r || r.total === 0} onClick={() => void exportCsv()}>
          {t('record_export')}
        </button>
        {exportNote && (
          <p className="money__hint" role="status" data-testid="contract.export-note">
            {exportNote}
          </p>
        )}
      </section>
    </div>
  );
}
