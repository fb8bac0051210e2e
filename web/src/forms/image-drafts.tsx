import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLY_MESSAGES } from '@wl/schemas/domain/promotion-apply';
import { pickedFileRefusal } from './picked-image.ts';
import '../styles/image-drafts.css';

/*
 * Images of a member's form, uploaded one by one to a draft as soon as they are picked (docs/0098):
 * a promotion application's and a feedback's (docs/0111). The caller passes how each goes up and
 * how a draft is taken back; the texts are the promotions area's (`apply_*`, the refusals' keys).
 */

/** One image of the form: uploaded (an id), uploading, or refused (its message key). */
export type TPickedImage = { key: string; name: string; preview: string | null; imageId: string | null; error: string | null };

export type TImageDrafts = {
  picked: TPickedImage[];
  onPick: (files: File[]) => void;
  onRemove: (p: TPickedImage) => void;
  /** Some image is still going up. */
  uploading: boolean;
  /** The ids of the images uploaded, in the order picked. */
  imageIds: string[];
  /** Forgets the picked images (after the form was sent). */
  clear: () => void;
};

/**
 * The picked images of a form: each checked by its first bytes, then uploaded; at most `max` with
 * the `taken` drafts already on the server. `upload` answers the draft's id or throws an Error whose
 * message is the refusal's key.
 */
export function useImageDrafts(opts: { max: number; taken: number; upload: (file: File) => Promise<string>; remove: (imageId: string) => void }): TImageDrafts {
  const [picked, setPicked] = useState<TPickedImage[]>([]);
  // Previews are object URLs: released when the form goes.
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);
  const update = (key: string, change: Partial<TPickedImage>) => setPicked((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const onPick = (files: File[]) => {
    const room = opts.max - picked.filter((p) => p.error === null).length - opts.taken;
    files.forEach((file, i) => {
      const key = crypto.randomUUID();
      const entry: TPickedImage = { key, name: file.name, preview: null, imageId: null, error: i >= room ? APPLY_MESSAGES.tooManyImages : null };
      setPicked((all) => [...all, entry]);
      if (entry.error) return;
      void pickedFileRefusal(file).then(async (refusal) => {
        if (refusal) return update(key, { error: refusal });
        const preview = URL.createObjectURL(file);
        previews.current.push(preview);
        update(key, { preview });
        try {
          update(key, { imageId: await opts.upload(file) });
        } catch (err) {
          update(key, { error: err instanceof Error ? err.message : 'error_unknown' });
        }
      });
    });
  };
  const onRemove = (p: TPickedImage) => {
    setPicked((all) => all.filter((x) => x.key !== p.key));
    if (p.imageId) opts.remove(p.imageId);
  };
  return {
    picked,
    onPick,
    onRemove,
    uploading: picked.some((p) => p.imageId === null && p.error === null),
    imageIds: picked.flatMap((p) => (p.imageId ? [p.imageId] : [])),
    clear: () => setPicked([]),
  };
}

/** The image picker: previews, a remove button each, and a per-file error under the file it is about. Test ids `<testIdPrefix>.file`, `.image.<i>`, `.image.<i>.error`, `.image.<i>.remove`. */
export function ImagePicker({ drafts, max, busy, testIdPrefix }: { drafts: TImageDrafts; max: number; busy: boolean; testIdPrefix: string }) {
  const { t } = useTranslation();
  const { picked, onPick, onRemove } = drafts;
  const full = picked.filter((p) => p.error === null).length >= max;
  return (
    <fieldset className="apply__images">
      <legend className="field__label">{t('apply_images')}</legend>
      <ul className="apply__picked">
        {picked.map((p, i) => (
          <li key={p.key} className="apply__image" data-testid={`${testIdPrefix}.image.${i}`}>
            {p.preview && <img src={p.preview} alt={t('apply_image_n', { n: i + 1 })} width={64} height={64} />}
            <span className="apply__image-name" translate="no">
              {p.name}
            </span>
            {p.imageId === null && p.error === null && <span className="spinner" aria-label={t('apply_uploading')} />}
            {p.error && (
              <span className="form__error" role="alert" data-testid={`${testIdPrefix}.image.${i}.error`}>
                {t(p.error)}
              </span>
            )}
            <button type="button" className="btn btn--ghost btn--small" data-testid={`${testIdPrefix}.image.${i}.remove`} onClick={() => onRemove(p)}>
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
          data-testid={`${testIdPrefix}.file`}
          onChange={(e) => {
            onPick([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </label>
    </fieldset>
  );
}
