import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOperatorPromotion } from '@wl/schemas/wps/operator-promotion-calls';
import type { TPromotionStatus } from '@wl/schemas/domain/promotion-terms/index';
import { useTRPC } from '../api/trpc.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { formatDigits, formatMinor } from '../lib/numbers.ts';
import { postToUploadDoor } from '../api/upload-door.ts';
import { refusalKey } from './parts.tsx';
import { PromotionEditor } from './promotion-editor.tsx';

/** The moves the console offers from each status (the platform refuses any other, docs/0098). */
const MOVES: Record<TPromotionStatus, readonly [TPromotionStatus, string][]> = {
  draft: [
    ['active', 'oppromo_activate'],
    ['ended', 'oppromo_end'],
  ],
  active: [
    ['paused', 'oppromo_pause'],
    ['ended', 'oppromo_end'],
  ],
  paused: [
    ['active', 'oppromo_resume'],
    ['ended', 'oppromo_end'],
  ],
  ended: [],
};

/** Sends a banner's bytes to the gateway's door (gateway/src/upload/promotion-image.route.ts); answers the refusal's key or null. */
const uploadBanner = (promotionId: number, file: Blob, language: string): Promise<string | null> =>
  postToUploadDoor('/upload/promotion-banner', 'promotionId', promotionId, file, language).then(
    () => null,
    (err: unknown) => (err instanceof Error ? err.message : 'error_unknown'),
  );

function Figures({ p, currency }: { p: TOperatorPromotion; currency: string }) {
  const { t, i18n } = useTranslation();
  const f = p.figures;
  const completion = f.turnoverCompletionBp === null ? t('oppromo_no_turnover') : `${(f.turnoverCompletionBp / 100).toFixed(1)} %`;
  const awards = Object.entries(f.awards)
    .map(([state, n]) => `${t(`bonus_state_${state}`)} ${formatDigits(n ?? 0, i18n.language)}`)
    .join(', ');
  return (
    <p className="dialog__text" data-testid={`operator.promotion.${p.id}.figures`}>
      {t('oppromo_figures', {
        spent: formatMinor(f.spentMinor, i18n.language, currency),
        recipients: f.recipients,
        completion,
        pending: f.pendingApplications,
      })}
      {awards && ` · ${t('oppromo_awards', { list: awards })}`}
    </p>
  );
}

/**
 * Who may make a paying promotion pay (docs/0100): its money approved or waiting for finance; the
 * approve button for a finance operator (money.write); for content, going live waits for it.
 */
function MoneyApproval({ p, canApprove, onChanged }: { p: TOperatorPromotion; canApprove: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const approve = useMutation(trpc.operator.approvePromotion.mutationOptions({ onSettled: onChanged }));
  if (!p.paying || p.status === 'ended') return null;
  return (
    <div className="btn-row" data-testid={`operator.promotion.${p.id}.money`} data-approved={p.moneyApproved}>
      <span className="chip">{t(p.moneyApproved ? 'oppromo_money_approved' : 'oppromo_money_waiting')}</span>
      {canApprove && !p.moneyApproved && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          data-testid={`operator.promotion.${p.id}.approve`}
          disabled={approve.isPending}
          onClick={() => approve.mutate({ id: p.id, moneyVersion: p.moneyVersion })}
        >
          {t('oppromo_approve')}
        </button>
      )}
      {approve.error && <p className="form__error">{t(refusalKey(approve.error))}</p>}
    </div>
  );
}

type TRowProps = { p: TOperatorPromotion; currency: string; canWrite: boolean; canApprove: boolean; onChanged: () => void };

function Row({ p, currency, canWrite, canApprove, onChanged }: TRowProps) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [editing, setEditing] = useState(false);
  const [bannerError, setBannerError] = useState<string | null>(null);
  const move = useMutation(trpc.operator.setPromotionStatus.mutationOptions({ onSettled: onChanged }));
  // Content cannot set a paying promotion live before finance approved its money; the server refuses it too.
  const waitsForFinance = p.paying && !p.moneyApproved && !canApprove;
  if (editing) {
    return (
      <li>
        <PromotionEditor
          promotion={p}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
        />
      </li>
    );
  }
  return (
    <li className="card" data-testid={`operator.promotion.${p.id}`} data-status={p.status}>
      <img src={p.bannerUrl} alt="" width={300} height={100} className="proof__image" />
      <p>
        {/* The operator's own words, in both languages: data, not interface text. */}
        <strong lang="en" translate="no">
          {p.titleEn}
        </strong>{' '}
        · <span lang="bn">{p.titleBn}</span> · {t(`oppromo_kind_${p.kind}`)} · {t(`oppromo_status_${p.status}`)}
      </p>
      <Figures p={p} currency={currency} />
      <MoneyApproval p={p} canApprove={canApprove} onChanged={onChanged} />
      {canWrite && p.status !== 'ended' && (
        <div className="btn-row">
          <button type="button" className="btn btn--ghost btn--small" data-testid={`operator.promotion.${p.id}.edit`} onClick={() => setEditing(true)}>
            {t('oppromo_edit')}
          </button>
          {MOVES[p.status].map(([status, label]) => (
            <button
              key={status}
              type="button"
              className="btn btn--ghost btn--small"
              data-testid={`operator.promotion.${p.id}.${status}`}
              disabled={move.isPending || (status === 'active' && waitsForFinance)}
              title={status === 'active' && waitsForFinance ? t('oppromo_needs_finance') : undefined}
              onClick={() => move.mutate({ id: p.id, status })}
            >
              {t(label)}
            </button>
          ))}
          <label className="btn btn--ghost btn--small">
            {t('oppromo_banner')}
            <input
              type="file"
              className="sr-only"
              accept="image/png,image/jpeg"
              data-testid={`operator.promotion.${p.id}.banner`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void uploadBanner(p.id, file, i18n.language).then((error) => (setBannerError(error), onChanged()));
              }}
            />
          </label>
        </div>
      )}
      {move.error && <p className="form__error">{t(refusalKey(move.error))}</p>}
      {bannerError && <p className="form__error">{t(bannerError)}</p>}
    </li>
  );
}

/** Promotions in the console (config.read to see, whitelabel.write to change; docs/0098); a paying one's money approved by money.write (docs/0100). */
export function OperatorPromotions({ canWrite, canApprove, currency }: { canWrite: boolean; canApprove: boolean; currency: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const list = useQuery(trpc.operator.promotions.queryOptions(undefined, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.promotions.queryKey() });
  return (
    <section data-testid="operator.promotions">
      <h2>{t('oppromo_title')}</h2>
      {canWrite && !creating && (
        <button type="button" className="btn btn--primary btn--small" data-testid="operator.promotion-new" onClick={() => setCreating(true)}>
          {t('oppromo_new')}
        </button>
      )}
      {creating && (
        <PromotionEditor
          promotion={null}
          onDone={() => {
            setCreating(false);
            refresh();
          }}
        />
      )}
      <QueryError error={list.error} />
      {list.data && list.data.promotions.length === 0 && <p className="dialog__text">{t('oppromo_empty')}</p>}
      <ul className="plain-list">
        {list.data?.promotions.map((p) => (
          <Row key={p.id} p={p} currency={currency} canWrite={canWrite} canApprove={canApprove} onChanged={refresh} />
        ))}
      </ul>
    </section>
  );
}
