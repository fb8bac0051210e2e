import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLY_COMMENT_MAX, APPLY_MAX_IMAGES } from '@wl/schemas/domain/promotion-apply';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { useMinorFormat } from '../member/rewards-parts.tsx';
import { useSession } from '../session/session-context.tsx';
import { pickedFileRefusal, uploadApplyImage } from './apply-upload.ts';

/** One image of the form: uploaded (an id), uploading, or refused (its message key). */
type TPicked = { key: string; name: string; preview: string | null; imageId: string | null; error: string | null };

/** The member's state of the promotion: applying, rejected with the reason, issued with the amount. */
function ApplyStatus({ state, reason, amountMinor, applicable }: { state: string; reason: string | null; amountMinor: number | null; applicable: boolean }) {
  const { t } = useTranslation();
  const money = useMinorFormat();
  if (state === 'none') return null;
  const text =
    state === 'applying'
      ? t('apply_state_applying')
      : state === 'issued'
        ? t('apply_state_issued', { amount: money(amountMinor ?? 0) })
        : `${t('apply_state_rejected', { reason: reason ?? '' })}${applicable ? ` ${t('apply_again')}` : ''}`;
  return (
    <p className="apply__state" role="status" data-testid="apply.state" data-state={state}>
      {text}
    </p>
  );
}

/** The image picker: previews, a remove button each, and a per-file error under the file it is about. */
function ImagePicker({
  picked,
  onPick,
  onRemove,
  busy,
}: {
  picked: TPicked[];
  onPick: (files: File[]) => void;
  onRemove: (p: TPicked) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const full = picked.filter((p) => p.error === null).length >= APPLY_MAX_IMAGES;
  return (
    <fieldset className="apply__images">
      <legend className="field__label">{t('apply_images')}</legend>
      <ul className="apply__picked">
        {picked.map((p, i) => (
          <li key={p.key} className="apply__image" data-testid={`apply.image.${i}`}>
            {p.preview && <img src={p.preview} alt={t('apply_image_n', { n: i + 1 })} width={64} height={64} />}
            <span className="apply__image-name" translate="no">
              {p.name}
            </span>
            {p.imageId === null && p.error === null && <span className="spinner" aria-label={t('apply_uploading')} />}
            {p.error && (
              <span className="form__error" role="alert" data-testid={`apply.image.${i}.error`}>
                {t(p.error)}
              </span>
            )}
            <button type="button" className="btn btn--ghost btn--small" data-testid={`apply.image.${i}.remove`} onClick={() => onRemove(p)}>
              {t('apply_remove_image', { n: i + 1 })}
            </button>
          </li>
        ))}
      </ul>
      <label className={`btn btn--ghost btn--small apply__add${full || busy ? ' is-disabled' : ''}`}>
        {t('apply_add_image')}
        <input
          type="file"
          className="sr-only"
          accept="image/png,image/jpeg"
          multiple
          disabled={full || busy}
          data-testid="apply.file"
          onChange={(e) => {
            onPick([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </label>
    </fieldset>
  );
}

/** The form: a comment with a live counter and up to three images, each uploaded as soon as it is picked (docs/0098). */
function ApplyFormBody({ promotionId }: { promotionId: number }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const money = useMinorFormat();
  const state = useQuery(trpc.promotionApply.state.queryOptions({ promotionId }, { staleTime: 0 }));
  const [comment, setComment] = useState('');
  const [picked, setPicked] = useState<TPicked[]>([]);
  const remove = useMutation(trpc.promotionApply.removeImage.mutationOptions());
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.promotionApply.state.queryKey({ promotionId }) });
  const submit = useMutation(trpc.promotionApply.submit.mutationOptions({ onSuccess: () => setPicked([]), onSettled: refresh }));
  // Previews are object URLs: released when the form goes.
  useEffect(() => () => picked.forEach((p) => p.preview && URL.revokeObjectURL(p.preview)), [picked]);
  const s = state.data;
  if (!s) return state.error ? <p className="form__error">{t(errorKey(state.error))}</p> : null;
  if (!s.applicable && s.state === 'none') return null;
  const update = (key: string, change: Partial<TPicked>) => setPicked((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const onPick = (files: File[]) => {
    const room = APPLY_MAX_IMAGES - picked.filter((p) => p.error === null).length - s.draftImages.length;
    files.forEach((file, i) => {
      const key = crypto.randomUUID();
      const entry: TPicked = { key, name: file.name, preview: null, imageId: null, error: i >= room ? 'promotion_apply_too_many_images' : null };
      setPicked((all) => [...all, entry]);
      if (entry.error) return;
      void pickedFileRefusal(file).then(async (refusal) => {
        if (refusal) return update(key, { error: refusal });
        update(key, { preview: URL.createObjectURL(file) });
        try {
          update(key, { imageId: await uploadApplyImage(promotionId, file, i18n.language) });
        } catch (err) {
          update(key, { error: err instanceof Error ? err.message : 'error_unknown' });
        }
      });
    });
  };
  const onRemove = (p: TPicked) => {
    setPicked((all) => all.filter((x) => x.key !== p.key));
    if (p.imageId) remove.mutate({ imageId: p.imageId });
  };
  const trimmed = comment.trim();
  const uploading = picked.some((p) => p.imageId === null && p.error === null);
  const imageIds = [...s.draftImages.map((d) => d.imageId), ...picked.flatMap((p) => (p.imageId ? [p.imageId] : []))];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate({ promotionId, comment: trimmed, imageIds });
  };
  return (
    <section className="apply card" data-testid="apply.section" aria-labelledby="apply-title">
      <h4 id="apply-title">{t('apply_title')}</h4>
      {s.maxAmountMinor !== null && <p className="apply__max">{t('apply_max_amount', { amount: money(s.maxAmountMinor) })}</p>}
      <ApplyStatus state={s.state} reason={s.reason} amountMinor={s.amountMinor} applicable={s.applicable} />
      {s.applicable && (
        <form className="form" onSubmit={onSubmit} noValidate>
          <label className="field">
            <span className="field__label">{t('apply_comment')}</span>
            <textarea
              className="input apply__comment"
              rows={3}
              data-testid="apply.comment"
              value={comment}
              aria-describedby="apply-count"
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          <p
            id="apply-count"
            className={`apply__count${trimmed.length > APPLY_COMMENT_MAX ? ' form__error' : ''}`}
            aria-live="polite"
            data-testid="apply.count"
          >
            {t('apply_comment_count', { count: trimmed.length })}
          </p>
          <ImagePicker picked={picked} onPick={onPick} onRemove={onRemove} busy={submit.isPending} />
          {submit.error && (
            <p className="form__error" role="alert" data-testid="apply.error">
              {t(errorKey(submit.error))}
            </p>
          )}
          <button
            type="submit"
            className="btn btn--primary btn--block"
            data-testid="apply.submit"
            disabled={submit.isPending || uploading || trimmed.length > APPLY_COMMENT_MAX}
          >
            {t('apply_submit')}
          </button>
        </form>
      )}
    </section>
  );
}

/** The apply section of a promotion's detail: only for a real member's session, once its texts are in. */
export default function ApplyForm({ promotionId }: { promotionId: number }) {
  const { audience } = useSession();
  const real = audience === 'member' || audience === 'agent';
  const ready = useAreaTexts('promotions');
  if (!real || !ready) return null;
  return <ApplyFormBody promotionId={promotionId} />;
}
