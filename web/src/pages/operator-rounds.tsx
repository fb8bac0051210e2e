import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECORD_EXPORT_MAX_ROWS, RECORD_MAX_RANGE_DAYS, toCsv } from '@wl/schemas/domain/records';
import { GAME_ROUND_STATES, OPERATOR_ROUNDS_PAGE_SIZE, OPERATOR_STUCK_AFTER_MS, type TGameRoundState } from '@wl/schemas/games/rounds';
import type { TOperatorRound, TOperatorRoundsQuery, TRoundOutcomeSummary } from '@wl/schemas/wps/operator-rounds-calls';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { formatMinor } from '../lib/numbers.ts';
import { formatMultiplier, localDateTime, localDigits } from '../lib/numbers-later.ts';
import '../styles/operator.css';
import '../styles/operator-games.css';

const EXPORT_PAGE = 100;

/** yyyy-mm-dd of a local date. */
function dayText(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
/** Local midnight of a yyyy-mm-dd, shifted by whole days. */
function midnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays);
}

type TFilters = { nodeId: string; account: string; state: '' | TGameRoundState; mode: 'real' | 'fun'; fromDay: string; toDay: string };

/**
 * Issue 9 item 8 (docs/0043): the built-in games' rounds, per game — who staked what and won what,
 * with each round's provably fair data — filtered by game, member account, state, real or play money
 * and a range of local days, paged, with totals over the whole filter and the filter as CSV (built
 * here from the same call, like the members' records, docs/0031). Shown to roles with money.read;
 * the platform refuses the others.
 */
export default function OperatorRounds({ currency }: { currency: string }) {
  const ready = useAreaTexts('operatorGames', 'operatorAudit', 'records');
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const today = dayText(new Date());
  const initial: TFilters = { nodeId: '', account: '', state: '', mode: 'real', fromDay: dayText(midnight(today, -6)), toDay: today };
  const [draft, setDraft] = useState<TFilters>(initial);
  const [filters, setFilters] = useState<TFilters>(initial);
  const [pageNo, setPageNo] = useState(1);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const money = (minor: number) => formatMinor(minor, language, currency);

  const rangeDays = Math.round((midnight(filters.toDay, 1).getTime() - midnight(filters.fromDay).getTime()) / 86_400_000);
  const rangeProblem = !filters.fromDay || !filters.toDay || rangeDays < 1 ? 'oprounds_range_invalid' : rangeDays > RECORD_MAX_RANGE_DAYS ? 'oprounds_range_too_long' : null;
  const query = (page: number, size: number): TOperatorRoundsQuery => ({
    from: midnight(filters.fromDay).toISOString(),
    to: midnight(filters.toDay, 1).toISOString(),
    mode: filters.mode,
    ...(filters.nodeId ? { nodeId: filters.nodeId } : {}),
    ...(filters.account.trim() ? { account: filters.account.trim() } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    pageNo: page,
    pageSize: size,
  });
  const rounds = useQuery({ ...trpc.operator.gameRounds.queryOptions(query(pageNo, OPERATOR_ROUNDS_PAGE_SIZE), { enabled: rangeProblem === null, staleTime: 0 }), placeholderData: (prev) => prev });
  const data = rounds.data;
  const gameName = (r: { nameEn: string; nameBn: string }) => (i18n.language === 'bn' ? r.nameBn : r.nameEn);

  /** ×1.95 from hundredths. */
  const multiplier = (x100: number) => formatMultiplier(x100, i18n.language);
  const outcomeText = (o: TRoundOutcomeSummary | null): string => {
    if (!o) return '';
    switch (o.engine) {
      case 'slot':
        return t('oprounds_outcome_slot', { stops: localDigits(o.stops.join(' · '), i18n.language), lines: o.winningLines, bet: money(o.betPerLineMinor) });
      case 'lottery': {
        const bet = o.pick === null ? t(`oprounds_lottery_${o.betType}`) : `${t(`oprounds_lottery_${o.betType}`)} ${localDigits(String(o.pick), i18n.language)}`;
        return o.result === null
          ? t('oprounds_outcome_lottery_open', { numero: localDigits(o.numero, i18n.language), bet, payout: multiplier(o.payoutX100) })
          : t('oprounds_outcome_lottery', { numero: localDigits(o.numero, i18n.language), bet, payout: multiplier(o.payoutX100), result: localDigits(String(o.result), i18n.language) });
      }
      case 'crash': {
        const auto = o.autoCashOutX100 === null ? '' : t('oprounds_outcome_crash_auto', { auto: multiplier(o.autoCashOutX100) });
        const cashed = o.cashOutX100 === null ? t('oprounds_outcome_crash_riding') : t('oprounds_outcome_crash_cashed', { at: multiplier(o.cashOutX100) });
        const point = o.crashX100 === null ? t('oprounds_outcome_crash_flying') : t('oprounds_outcome_crash_point', { point: multiplier(o.crashX100) });
        return t('oprounds_outcome_crash', { round: o.roundNo, point, auto, cashed });
      }
    }
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPageNo(1);
    setExportNote(null);
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportNote(null);
    try {
      let lines: (string | number)[][] = [];
      let capped = false;
      for (let page = 1; ; page += 1) {
        const r = await client.operator.gameRounds.query(query(page, EXPORT_PAGE));
        lines.push(
          ...r.rounds.map((x: TOperatorRound) => [
            x.roundId,
            x.playedAt,
            gameName(x),
            x.username,
            t(`oprounds_state_${x.state}`),
            x.stakeMinor / 100,
            x.payoutMinor / 100,
            x.serverSeedHash,
            x.serverSeed ?? '',
            x.clientSeed,
            x.nonce,
            outcomeText(x.outcome),
          ]),
        );
        if (page * EXPORT_PAGE >= r.total) break;
        if (lines.length >= RECORD_EXPORT_MAX_ROWS) {
          capped = true;
          lines = lines.slice(0, RECORD_EXPORT_MAX_ROWS);
          break;
        }
      }
      const header = ['oprounds_round', 'oprounds_played_at', 'oprounds_game', 'oprounds_account', 'oprounds_state', 'oprounds_bet', 'oprounds_win', 'oprounds_server_seed_hash', 'oprounds_server_seed', 'oprounds_client_seed', 'oprounds_nonce', 'oprounds_outcome'].map((k) => t(k));
      const blob = new Blob(['\uFEFF', toCsv(header, lines)], { type: 'text/csv;charset=utf-8' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `rounds-${filters.fromDay}-${filters.toDay}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
      setExportNote(capped ? t('oprounds_export_capped', { count: RECORD_EXPORT_MAX_ROWS }) : t('oprounds_exported', { count: lines.length }));
    } catch (err) {
      setExportNote(t(errorKey(err)));
    } finally {
      setExporting(false);
    }
  };

  if (!ready) return <span className="spinner" />;
  const set = <K extends keyof TFilters>(key: K) => (value: TFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <section className="operator__section" data-testid="operator.rounds">
      <h2>{t('oprounds_title')}</h2>
      <p className="operator__role">{t('oprounds_note')}</p>
      <form className="operator__filters" onSubmit={apply} noValidate role="search" aria-label={t('oprounds_title')}>
        <label className="field">
          <span className="field__label">{t('oprounds_game')}</span>
          <select className="input" data-testid="operator.rounds.game" value={draft.nodeId} onChange={(e) => set('nodeId')(e.target.value)}>
            <option value="">{t('oprounds_any_game')}</option>
            {data?.games.map((g) => (
              <option key={g.nodeId} value={g.nodeId}>
                {gameName(g)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('oprounds_account')}</span>
          <input className="input" type="search" data-testid="operator.rounds.account" value={draft.account} maxLength={64} autoComplete="off" onChange={(e) => set('account')(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">{t('oprounds_state')}</span>
          <select className="input" data-testid="operator.rounds.state" value={draft.state} onChange={(e) => set('state')(e.target.value as '' | TGameRoundState)}>
            <option value="">{t('oprounds_any_state')}</option>
            {GAME_ROUND_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`oprounds_state_${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('oprounds_mode')}</span>
          <select className="input" data-testid="operator.rounds.mode" value={draft.mode} onChange={(e) => set('mode')(e.target.value as 'real' | 'fun')}>
            <option value="real">{t('oprounds_mode_real')}</option>
            <option value="fun">{t('oprounds_mode_fun')}</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('oprounds_from')}</span>
          <input className="input" type="date" data-testid="operator.rounds.from" value={draft.fromDay} max={today} onChange={(e) => set('fromDay')(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">{t('oprounds_to')}</span>
          <input className="input" type="date" data-testid="operator.rounds.to" value={draft.toDay} max={today} onChange={(e) => set('toDay')(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary btn--small" data-testid="operator.rounds.apply">
          {t('oprounds_apply')}
        </button>
      </form>
      {rangeProblem && (
        <p className="form__error" role="alert" data-testid="operator.rounds.range-error">
          {t(rangeProblem, { days: RECORD_MAX_RANGE_DAYS })}
        </p>
      )}
      {rounds.error && (
        <p className="form__error" role="alert" data-testid="operator.rounds.error">
          {t(errorKey(rounds.error))}
        </p>
      )}
      {data && data.stuck > 0 && (
        <p className="form__error" role="alert" data-testid="operator.rounds.stuck">
          {t('oprounds_stuck', {
            count: data.stuck,
            minutes: OPERATOR_STUCK_AFTER_MS / 60_000,
            since: localDateTime(data.stuckSince ?? Date.now(), i18n.language),
          })}
        </p>
      )}
      {data && rangeProblem === null && (
        <>
          <p className="operator__role" data-testid="operator.rounds.totals" aria-live="polite">
            {t('oprounds_totals', { total: data.total, bet: money(data.betMinor), win: money(data.winMinor) })}
          </p>
          <div>
            <button type="button" className="btn btn--ghost btn--small" data-testid="operator.rounds.export" disabled={exporting || data.total === 0} onClick={() => void exportCsv()}>
              {t('oprounds_export')}
            </button>
            {exportNote && (
              <span className="operator__role" role="status" data-testid="operator.rounds.export-note">
                {' '}
                {exportNote}
              </span>
            )}
          </div>
        </>
      )}
      {rounds.isSuccess && data?.rounds.length === 0 && <p className="no-data">{t('oprounds_empty')}</p>}
      <ul className="operator-rounds__list" data-testid="operator.rounds.list">
        {rangeProblem === null &&
          data?.rounds.map((r) => (
            <li key={r.roundId} className="operator-rounds__round" data-testid={`operator.round.${r.roundId}`}>
              <p className="operator-rounds__head">
                <strong>{gameName(r)}</strong> · {r.username ? <span translate="no">{r.username}</span> : t('oprounds_visitor')} · <span data-testid="operator.round.state">{t(`oprounds_state_${r.state}`)}</span>
              </p>
              <dl className="operator-rounds__facts">
                <dt>{t('oprounds_round')}</dt>
                <dd translate="no">{r.roundId}</dd>
                <dt>{t('oprounds_played_at')}</dt>
                <dd>{localDateTime(r.playedAt, i18n.language)}</dd>
                <dt>{t('oprounds_bet')}</dt>
                <dd>{money(r.stakeMinor)}</dd>
                <dt>{t('oprounds_win')}</dt>
                <dd>{money(r.payoutMinor)}</dd>
                <dt>{t('oprounds_outcome')}</dt>
                <dd>{outcomeText(r.outcome)}</dd>
                <dt>{t('oprounds_server_seed_hash')}</dt>
                <dd className="operator-rounds__hex" translate="no">{r.serverSeedHash}</dd>
                <dt>{t('oprounds_server_seed')}</dt>
                <dd className="operator-rounds__hex" translate={r.serverSeed ? 'no' : undefined}>{r.serverSeed ?? t('oprounds_not_revealed')}</dd>
                <dt>{t('oprounds_client_seed')}</dt>
                <dd className="operator-rounds__hex" translate="no">{r.clientSeed}</dd>
                <dt>{t('oprounds_nonce')}</dt>
                <dd translate="no">{r.nonce}</dd>
              </dl>
            </li>
          ))}
      </ul>
      <RecordPager pageNo={pageNo} total={data?.total} pageSize={OPERATOR_ROUNDS_PAGE_SIZE} onPage={setPageNo} testId="operator.rounds" pageTestId="operator.rounds.page" />
    </section>
  );
}
