import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TProtectionEvent, TProtectionLimit } from '@wl/schemas/wps/protection-calls';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { downloadCsv } from '../lib/csv-export.ts';
import { formatDigits } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { ExclusionSection } from './exclusion-parts.tsx';
import { DepositRoomNote, LimitRow, useLimitText, useProtection } from './protection-parts.tsx';
import { RealityCheckSection } from './protection-reality.tsx';
import { RewardsPage } from './rewards-parts.tsx';
import '../styles/rewards.css';
import '../styles/protection.css';

const SECTIONS = [
  { key: 'deposit', kinds: ['deposit_24h', 'deposit_7d', 'deposit_30d'] },
  { key: 'loss', kinds: ['loss_24h', 'loss_7d', 'loss_30d'] },
  { key: 'stake', kinds: ['stake_24h', 'stake_7d', 'stake_30d'] },
  { key: 'session', kinds: ['session_minutes'] },
] as const;

/** The member's own protection log, newest first, with downloads of it as CSV and as JSON. */
function History() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const text = useLimitText();
  const history = useQuery(trpc.protection.history.queryOptions(undefined, { staleTime: 0 }));
  const events = history.data?.events ?? [];
  const state = (e: TProtectionEvent, which: 'before' | 'after') => {
    const s = e[which];
    // docs/0106: an operator's limit names its kind and value; its account state only its reason.
    if (s && 'limit' in s && s.limit) return text(s.limit.kind, s.limit.value);
    if (s && 'reason' in s) return s.reason ?? '';
    if (!e.limitKind || !s || !('value' in s)) return '';
    const now = text(e.limitKind, s.value);
    return s.pending ? `${now} → ${text(e.limitKind, s.pending.value)}` : now;
  };
  const header = [t('rg_col_time'), t('rg_col_event'), t('rg_col_limit'), t('rg_col_before'), t('rg_col_after')];
  const rows = events.map((e) => [
    localDateTime(e.at, i18n.language),
    t(`rg_event_${e.kind}`),
    e.limitKind ? t(`rg_kind_${e.limitKind}`) : e.after && 'limit' in e.after && e.after.limit ? t(`rg_kind_${e.after.limit.kind}`) : '',
    state(e, 'before'),
    state(e, 'after'),
  ]);
  const json = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([JSON.stringify(events, null, 2)], { type: 'application/json' }));
    link.download = 'protection-history.json';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section className="card" aria-labelledby="rg-history">
      <h3 id="rg-history">{t('rg_history')}</h3>
      {history.error && (
        <p className="form__error" role="alert">
          {t(errorKey(history.error))}
        </p>
      )}
      {events.length === 0 ? (
        <p className="no-data" data-testid="protection.history.none">
          {t('rg_history_empty')}
        </p>
      ) : (
        <>
          <div className="protection__downloads">
            <button type="button" className="btn btn--ghost btn--small" onClick={() => downloadCsv('protection-history.csv', header, rows)}>
              {t('rg_download_csv')}
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={json}>
              {t('rg_download_json')}
            </button>
          </div>
          <table className="rewards__table" data-testid="protection.history">
            <thead>
              <tr>
                {header.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={events[i]!.id}>
                  {r.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/**
 * The responsible gaming page (member centre `responsibleGaming`, docs/0102): the member's deposit,
 * loss and stake limits over 24 hours, 7 days and 30 days and its session limit, each with a change
 * waiting (confirm it once due, or cancel it); the deposit room left; a time-out or self-exclusion
 * and its reopening (docs/0105); the protection history. The
 * platform enforces every rule shown here.
 */
export default function ProtectionPage() {
  const ready = useAreaTexts('money', 'deposit');
  const { t, i18n } = useTranslation();
  const protection = useProtection();
  const text = useLimitText();
  const s = protection.status.data;
  if (!ready || protection.status.isLoading) return <div className="page-loading" aria-busy="true" data-testid="protection.loading" />;
  if (protection.status.error || !s) {
    return (
      <p className="form__error" role="alert" data-testid="protection.error">
        {t(errorKey(protection.status.error))}
      </p>
    );
  }
  const byKind = new Map<string, TProtectionLimit>(s.limits.map((l) => [l.kind, l]));
  return (
    <RewardsPage
      testId="protection.page"
      icon="protection"
      title={t('rg_title')}
      more={
        <>
          {SECTIONS.slice(1).map((section) => (
            <section key={section.key} className="card" aria-labelledby={`rg-${section.key}`}>
              <h3 id={`rg-${section.key}`}>{t(`rg_section_${section.key}`)}</h3>
              <ul className="protection__limits">
                {section.kinds.map((kind) => (
                  <LimitRow key={kind} limit={byKind.get(kind)!} protection={protection} />
                ))}
              </ul>
            </section>
          ))}
          <ExclusionSection />
          <RealityCheckSection />
          <History />
        </>
      }
    >
      <p className="rewards__note">{t('rg_intro', { hours: formatDigits(s.raiseDelayHours, i18n.language) })}</p>
      <h3 id="rg-deposit">{t('rg_section_deposit')}</h3>
      <DepositRoomNote room={s.deposit} />
      <p className="rewards__note" data-testid="protection.lifetime">
        {t('rg_lifetime', {
          deposits: text('deposit_24h', s.lifetime.depositsMinor),
          withdrawals: text('deposit_24h', s.lifetime.withdrawalsMinor),
          net: text('deposit_24h', s.lifetime.netMinor),
        })}
      </p>
      {s.operator.length > 0 && (
        <p className="rewards__note" data-testid="protection.operator">
          {t('rg_operator_limits', { list: s.operator.map((o) => `${t(`rg_kind_${o.kind}`)}: ${text(o.kind, o.value)}`).join(', ') })}
        </p>
      )}
      <ul className="protection__limits" aria-labelledby="rg-deposit">
        {SECTIONS[0].kinds.map((kind) => (
          <LimitRow key={kind} limit={byKind.get(kind)!} protection={protection} />
        ))}
      </ul>
    </RewardsPage>
  );
}
