import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@wl/schemas';
import type { TCatalogue } from './i18n.ts';

type TLoad = () => Promise<{ default: TCatalogue }>;

/**
 * Texts of one area of the site (the money pages, …) that are not in the first load: each area has
 * `<area>.bn.json` and `<area>.en.json` beside this file, fetched with the area's pages. The first
 * load carries only what the first screen shows (docs/0022 budget). The translation test reads
 * every pair listed here and holds BN and EN to the same keys.
 */
export const AREA_TEXTS = {
  /** Shared by every money page: amounts, statuses, the trial and password prompts. */
  money: { bn: () => import('./money.bn.json'), en: () => import('./money.en.json') },
  deposit: { bn: () => import('./deposit.bn.json'), en: () => import('./deposit.en.json') },
  withdraw: { bn: () => import('./withdraw.bn.json'), en: () => import('./withdraw.en.json') },
  records: { bn: () => import('./records.bn.json'), en: () => import('./records.en.json') },
  wallet: { bn: () => import('./wallet.bn.json'), en: () => import('./wallet.en.json') },
} satisfies Record<string, Record<TLanguage, TLoad>>;

export type TArea = keyof typeof AREA_TEXTS;

const loaded = new Set<string>();

/**
 * Makes areas' texts available in the current language (merged into the one `translation`
 * namespace, so `t('key')` works as everywhere); answers false until they are. Components render a
 * busy state meanwhile, never raw keys.
 */
export function useAreaTexts(...areas: TArea[]): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const ids = areas.map((area) => `${area}:${language}`);
  const key = ids.join(',');
  const [ready, setReady] = useState(() => ids.every((id) => loaded.has(id)));
  useEffect(() => {
    const missing = areas.filter((area) => !loaded.has(`${area}:${language}`));
    if (missing.length === 0) {
      setReady(true);
      return;
    }
    let live = true;
    setReady(false);
    void Promise.all(
      missing.map(async (area) => {
        const { default: texts } = await AREA_TEXTS[area][language]();
        i18n.addResourceBundle(language, 'translation', texts, true, false);
        loaded.add(`${area}:${language}`);
      }),
    ).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [key]);
  return ready;
}
