import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECORD_EXPORT_MAX_ROWS, RECORD_MAX_RANGE_DAYS } from '@wl/schemas/domain/records';
import { OPERATOR_ROUNDS_PAGE_SIZE, OPERATOR_STUCK_AFTER_MS } from '@wl/schemas/games/rounds';
import type { TOperatorRound, TOperatorRoundsQuery } from '@wl/schemas/wps/operator-rounds-calls';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { collectCsvLines, downloadCsv } from '../lib/csv-export.ts';
import { midnight } from '../lib/local-days.ts';
import { formatMinor } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/operator.css';
import '../styles/operator-games.css';
import { QueryError } from '../layout/form-controls.tsx';
import { RoundCard } from './round-card.tsx';
import { outcomeText } from './round-outcome.ts';
import { initialRoundFilters, RoundsFilter, type TRoundFilters } from './rounds-filter.tsx';

const CSV_COLUMNS = [
  'oprounds_round',
  'oprounds_played_at',
  'oprounds_game',
  'oprounds_account',
  'oprounds_state',
  'oprounds_bet',
  'oprounds_win',
  'oprounds_server_seed_hash',
  'oprounds_server_seed',
  'oprounds_client_seed',
  'oprounds_nonce',
  'oprounds_outcome',
];

/** Why the days cannot be asked for (the platform refuses the same), or null. */
function rangeProblemOf(f: TRoundFilters): 'oprounds_range_invalid' | 'oprounds_range_too_long' | null {
  const days = Math.round((midnight(f.toDay, 1).getTime() - midnight(f.fromDay).getTime()) / 86_400_000);
  return !f.fromDay || !f.toDay || days < 1 ? 'oprounds_range_invalid' : days > RECORD_MAX_RANGE_DAYS ? 'oprounds_range_too_long' : null;
}

/** The call's input for a page of the filters. */
function roundsQuery(f: TRoundFilters, page: number, size: number): TOperatorRoundsQuery {
  return {
    from: midnight(f.fromDay).toISOString(),
    to: midnight(f.toDay, 1).toISOString(),
    mode: f.mode,
    ...(f.nodeId ? { nodeId: f.nodeId } : {}),
    ...(f.account.trim() ? { account: f.account.trim() } : {}),
    ...(f.state ? { state: f.state } : {}),
    pageNo: page,
    pageSize: size,
  };
}

/** The filter as CSV, built here from the same call like the members' records (docs/0031); answers the note to show. */
function useRoundsExport(filters: TRoundFilters, line: (x: TOperatorRound) => (string | number)[]) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setNote(null);
    try {
      const fetchPage = async (page: number, size: number) => {
        const r = await client.operator.gameRounds.query(roundsQuery(filters, page, size));
        return { rows: r.rounds, total: r.total };
      };
      const { lines, capped } = await collectCsvLines(fetchPage, line);
      downloadCsv(
        `rounds-${filters.fromDay}-${filters.toDay}.csv`,
        CSV_COLUMNS.map((k) => t(k)),
        lines,
      );
      setNote(capped ? t('oprounds_export_capped', { count: RECORD_EXPORT_MAX_ROWS }) : t('oprounds_exported', { count: lines.length }));
    } catch (err) {
      setNote(t(errorKey(err)));
    } finally {
      setBusy(false);
    }
  };
  return { note, busy, run, clear: () => setNote(null) };
}

/**
 * The built-in games' rounds, per game (docs/0043) — who staked what and won what, with each round's
 * provably fair data — filtered by game, member account, state, real or play money and a range of
 * local days, paged, with totals over the whole filter and the filter as CSV. Shown to roles with
 * money.read; the platform refuses the others.
 */
export default function OperatorRounds({ currency }: { currency: string }) {
  const ready = useAreaTexts('operatorGames', 'operatorAudit', 'records');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [filters, setFilters] = useState(() => initialRoundFilters(new Date()));
  const [pageNo, setPageNo] = useState(1);
  const money = (minor: number) => formatMinor(minor, i18n.language, currency);
  const rangeProblem = rangeProblemOf(filters);
  const rounds = useQuery({
    ...trpc.operator.gameRounds.queryOptions(roundsQuery(filters, pageNo, OPERATOR_ROUNDS_PAGE_SIZE), { enabled: rangeProblem === null, staleTime: 0 }),
    placeholderData: (prev) => prev,
  });
  const data = rounds.data;
  const gameName = (r: { nameEn: string; nameBn: string }) => (i18n.language === 'bn' ? r.nameBn : r.nameEn);
  const outcome = (x: TOperatorRound) => outcomeText(x.outcome, t, i18n.language, money);
  // CSV keeps ASCII digits and plain amounts: it is read by spreadsheets and programs (docs/0056).
  const csv = useRoundsExport(filters, (x) => [
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
    outcome(x),
  ]);
  if (!ready) return <span className="spinner" />;
  return (
    <section className="operator__section" data-testid="operator.rounds">
      <h2>{t('oprounds_title')}</h2>
      <p className="operator__role">{t('oprounds_note')}</p>
      <RoundsFilter
        games={data?.games ?? []}
        gameName={gameName}
        onApply={(f) => {
          setFilters(f);
          setPageNo(1);
          csv.clear();
        }}
      />
      {rangeProblem && (
        <p className="form__error" role="alert" data-testid="operator.rounds.range-error">
          {t(rangeProblem, { days: RECORD_MAX_RANGE_DAYS })}
        </p>
      )}
      <QueryError error={rounds.error} testId="operator.rounds.error" />
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
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="operator.rounds.export"
              disabled={csv.busy || data.total === 0}
              onClick={() => void csv.run()}
            >
              {t('oprounds_export')}
            </button>
            {csv.note && (
              <span className="operator__role" role="status" data-testid="operator.rounds.export-note">
                {' '}
                {csv.note}
              </span>
            )}
          </div>
        </>
      )}
      {rounds.isSuccess && data?.rounds.length === 0 && <p className="no-data">{t('oprounds_empty')}</p>}
      <ul className="operator-rounds__list" data-testid="operator.rounds.list">
        {rangeProblem === null && data?.rounds.map((r) => <RoundCard key={r.roundId} r={r} gameName={gameName(r)} money={money} outcome={outcome(r)} />)}
      </ul>
      <RecordPager
        pageNo={pageNo}
        total={data?.total}
        pageSize={OPERATOR_ROUNDS_PAGE_SIZE}
        onPage={setPageNo}
        testId="operator.rounds"
        pageTestId="operator.rounds.page"
        list={t('oprounds_title')}
      />
    </section>
  );
}
