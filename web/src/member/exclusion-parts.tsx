import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERIODS_OF, type TExclusionKind, type TExclusionPeriod } from '@wl/schemas/domain/protection';
import type { TExclusion, TExclusionStatus } from '@wl/schemas/wps/protection-calls';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { formatDigits } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { useSession } from '../session/session-context.tsx';

/*
 * Time-out and self-exclusion on the responsible gaming page (docs/0105): choose, confirm, and the
 * account closes at once (the platform revokes every session, so the page signs out); while closed,
 * a banner names the end, and after it the member asks to reopen, waits the cooling-off and confirms.
 * The platform enforces every rule; the page only shows them.
 */

/** The member's closure, and the calls that change it. */
export function useExclusion() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const status = useQuery(trpc.protection.exclusion.queryOptions(undefined, { staleTime: 10_000 }));
  const done = (next: TExclusionStatus) => {
    qc.setQueryData(trpc.protection.exclusion.queryKey(), next);
    void qc.invalidateQueries({ queryKey: trpc.protection.history.queryKey() });
  };
  const request = useMutation({ mutationFn: () => client.protection.reopenRequest.mutate(), onSuccess: done });
  const confirm = useMutation({ mutationFn: () => client.protection.reopenConfirm.mutate({ confirm: true }), onSuccess: done });
  return { status, request, confirm };
}

/** When a closure ends, as the member reads it (permanent: no end). */
function useEndText() {
  const { t, i18n } = useTranslation();
  return (endsAt: string | null) => (endsAt === null ? t('rg_ex_permanent') : localDateTime(endsAt, i18n.language));
}

/** The banner of restricted mode: what is closed and until when; only withdrawals, records and this page work. */
export function RestrictedBanner({ exclusion }: { exclusion: TExclusion }) {
  const { t } = useTranslation();
  const end = useEndText();
  return (
    <div className="protection__banner" role="status" data-testid="protection.restricted">
      <strong>{t(exclusion.kind === 'timeout' ? 'rg_ex_banner_timeout' : 'rg_ex_banner_self')}</strong>
      <span>{exclusion.ended ? t('rg_ex_banner_ended') : t('rg_ex_banner_until', { when: end(exclusion.endsAt) })}</span>
      <span>{t('rg_ex_banner_allowed')}</span>
    </div>
  );
}

/** The closure in force: its banner, and the reopening steps once it has ended (not for another brand's). */
function Closed({ exclusion, ex }: { exclusion: TExclusion; ex: ReturnType<typeof useExclusion> }) {
  const { t, i18n } = useTranslation();
  const hours = ex.status.data?.coolingOffHours ?? 24;
  const error = ex.request.error ?? ex.confirm.error;
  return (
    <>
      <RestrictedBanner exclusion={exclusion} />
      {exclusion.otherBrand ? (
        <p className="rewards__note">{t('rg_ex_other_brand')}</p>
      ) : (
        exclusion.ended && (
          <div className="protection__actions" data-testid="protection.reopen">
            {exclusion.reopen === null ? (
              <>
                <p className="rewards__note">{t('rg_ex_reopen_intro', { hours: formatDigits(hours, i18n.language) })}</p>
                <button type="button" className="btn btn--primary" disabled={ex.request.isPending} onClick={() => ex.request.mutate()}>
                  {t('rg_ex_reopen_request')}
                </button>
              </>
            ) : exclusion.reopen.confirmable ? (
              <button type="button" className="btn btn--primary" disabled={ex.confirm.isPending} onClick={() => ex.confirm.mutate()}>
                {t('rg_ex_reopen_confirm')}
              </button>
            ) : (
              <p className="rewards__note">{t('rg_ex_reopen_waiting', { when: localDateTime(exclusion.reopen.confirmableAt, i18n.language) })}</p>
            )}
          </div>
        )
      )}
      {error && (
        <p className="form__error" role="alert">
          {t(errorKey(error))}
        </p>
      )}
    </>
  );
}

/** Choosing a time-out or a self-exclusion: kind, period, then a second, explicit confirmation. */
function Choose() {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const session = useSession();
  const [kind, setKind] = useState<TExclusionKind>('timeout');
  const [period, setPeriod] = useState<TExclusionPeriod>('24h');
  const [confirming, setConfirming] = useState(false);
  const close = useMutation({
    mutationFn: () => client.protection.exclude.mutate({ kind, period, confirm: true }),
    // Every session ended with it: this one too, so the page signs out (docs/rules/protection.md#p-21).
    onSuccess: () => session.clearLocalSession(),
  });
  const pick = (k: TExclusionKind) => {
    setKind(k);
    setPeriod(PERIODS_OF[k][0]!);
    setConfirming(false);
  };
  return (
    <div className="protection__exclude" data-testid="protection.exclude">
      <fieldset className="protection__choice">
        <legend>{t('rg_ex_kind')}</legend>
        {(['timeout', 'self_exclusion'] as const).map((k) => (
          <label key={k} className="protection__option">
            <input type="radio" name="rg-ex-kind" value={k} checked={kind === k} onChange={() => pick(k)} />
            <span>{t(`rg_ex_kind_${k}`)}</span>
          </label>
        ))}
      </fieldset>
      <p className="rewards__note">{t(kind === 'timeout' ? 'rg_ex_timeout_text' : 'rg_ex_self_text')}</p>
      <fieldset className="protection__choice">
        <legend>{t('rg_ex_period')}</legend>
        {PERIODS_OF[kind].map((p) => (
          <label key={p} className="protection__option">
            <input
              type="radio"
              name="rg-ex-period"
              value={p}
              checked={period === p}
              onChange={() => {
                setPeriod(p);
                setConfirming(false);
              }}
            />
            <span>{t(`rg_ex_period_${p}`)}</span>
          </label>
        ))}
      </fieldset>
      {confirming ? (
        <div className="protection__confirm" role="alertdialog" aria-labelledby="rg-ex-confirm-text">
          <p id="rg-ex-confirm-text">{t('rg_ex_confirm_text', { what: t(`rg_ex_kind_${kind}`), period: t(`rg_ex_period_${period}`) })}</p>
          <div className="protection__actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={close.isPending}
              onClick={() => close.mutate()}
              data-testid="protection.exclude.confirm"
            >
              {t('rg_ex_confirm')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
              {t('rg_ex_back')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn--primary" onClick={() => setConfirming(true)} data-testid="protection.exclude.start">
          {t('rg_ex_start')}
        </button>
      )}
      {close.error && (
        <p className="form__error" role="alert">
          {t(errorKey(close.error))}
        </p>
      )}
    </div>
  );
}

/** The page's section: the closure in force with its reopening, or the choice of one. */
export function ExclusionSection() {
  const { t } = useTranslation();
  const ex = useExclusion();
  const exclusion = ex.status.data?.exclusion ?? null;
  return (
    <section className="card" aria-labelledby="rg-exclusion" data-testid="protection.exclusion">
      <h3 id="rg-exclusion">{t('rg_ex_title')}</h3>
      {ex.status.isLoading ? <div aria-busy="true" /> : exclusion ? <Closed exclusion={exclusion} ex={ex} /> : <Choose />}
    </section>
  );
}
