import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_PREVIEW_PAGE_SIZE, HOME_PREVIEW_VENDOR_LIMIT, LIST_PAGE_SIZE, OTHER_SWIPER_ROWS } from '@wl/schemas/constants';
import type { TVendorLink } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { useNearViewport } from '../lib/use-near-viewport.ts';
import { GameGrid, RowNearContext } from './game-grid.tsx';
import { useGames } from './home-data.ts';

const Pager = lazy(() => import('./pager.tsx').then((m) => ({ default: m.Pager })));

/**
 * The pager under a full list (a menu category, MXWIN): lists a visitor opens, never the first
 * screen, so its code is a chunk of its own, out of the first load (docs/0060).
 */
export function ListPager(props: ComponentProps<typeof Pager>) {
  return (
    <Suspense fallback={null}>
      <Pager {...props} />
    </Suspense>
  );
}

/** One chip of a chip row (a tab): the vendor rows and the game centre's vendor filter. */
export function Chip({ active, testId, onClick, children }: { active: boolean; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" role="tab" aria-selected={active} className={`chip${active ? ' chip--active' : ''}`} data-testid={testId} onClick={onClick}>
      {children}
    </button>
  );
}

/** Vendor chips of a row; the selected vendor's games show below. */
export function VendorChips({ vendors, selected, onSelect }: { vendors: readonly TVendorLink[]; selected: string; onSelect: (v: string) => void }) {
  return (
    <div className="chips" role="tablist">
      {vendors.map((v) => (
        <Chip key={v.vassalage} active={v.vassalage === selected} testId={`vendor-chip.${v.vassalage}`} onClick={() => onSelect(v.vassalage)}>
          {v.name}
        </Chip>
      ))}
    </div>
  );
}

/**
 * A home preview row of vendors (docs/rules/games.md#g-9 Home rows): chips for up to 5 vendors and up to 12 games
 * of the chosen one in a two-row Swiper. With `full`, all vendors and a paginated 24-per-page list.
 */
export function VendorGames({ vendors, full = false }: { vendors: readonly TVendorLink[]; full?: boolean }) {
  const { language } = useSettings();
  const shown = full ? vendors : vendors.slice(0, HOME_PREVIEW_VENDOR_LIMIT);
  const [selected, setSelected] = useState(shown[0]?.vassalage ?? '');
  const [page, setPage] = useState(1);
  const vendor = shown.find((v) => v.vassalage === selected) ?? shown[0];
  const q = useGames(
    {
      vassalage: vendor?.vassalage,
      gameType: vendor?.gameType,
      pageNo: full ? page : 1,
      pageSize: full ? LIST_PAGE_SIZE : HOME_PREVIEW_PAGE_SIZE,
      language,
    },
    vendor !== undefined,
  );
  return (
    <>
      {shown.length > 1 && (
        <VendorChips
          vendors={shown}
          selected={vendor?.vassalage ?? ''}
          onSelect={(v) => {
            setSelected(v);
            setPage(1);
          }}
        />
      )}
      <GameGrid games={vendor ? q.data?.games : []} isLoading={q.isLoading} carousel={!full} {...(full ? { rows: OTHER_SWIPER_ROWS } : {})} />
      {full && q.data && <ListPager page={page} totalPages={q.data.totalPages} onPage={setPage} />}
    </>
  );
}

/**
 * Section frame used by every home row: heading and box at once, the games once the row comes
 * within a screen of the viewport (docs/0060).
 */
export function RowSection({ rowKey, title, children }: { rowKey: string; title: string; children: ReactNode }) {
  const [ref, isNear] = useNearViewport<HTMLElement>();
  return (
    <section ref={ref} className="row" data-testid={`home.row.${rowKey}`} aria-label={title}>
      <h2 className="row__title">{title}</h2>
      <RowNearContext.Provider value={isNear}>{children}</RowNearContext.Provider>
    </section>
  );
}

/** Translates a row or menu label: server text wins, else the label key. */
export function useLabel() {
  const { t } = useTranslation();
  return (x: { label?: string | undefined; labelKey?: string | undefined }) => x.label ?? (x.labelKey ? t(x.labelKey) : '');
}
