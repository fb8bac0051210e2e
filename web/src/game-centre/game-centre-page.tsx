import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE, MAX_TEXT_LENGTH } from '@wl/schemas/constants';
import type { TGameType, TScreenConfig, TVendorLink } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { useUi } from '../app/ui-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { configVendors } from '../config/vendors.ts';
import { GameGrid } from '../home/game-grid.tsx';
import { useImageFallback } from '../home/game-tile.tsx';
import { useGames } from '../home/home-data.ts';
import { Pager } from '../home/pager.tsx';
import { Chip } from '../home/vendor-row.tsx';
import { MenuIcon } from '../layout/menu-entry.tsx';
import { useVendorLaunch } from '../launch/use-launch.ts';
import { FALLBACK_IMAGE } from '../lib/image.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import '../styles/game-centre.css';

/** docs/rules/README.md#fields config: lottery categories list vendor cards; choosing one follows the lottery routes. */
const LOTTERY_CATEGORIES: ReadonlySet<TGameType> = new Set(['LOTT', 'ELOTT']);

/** A category as the config shows it: its label (server text) and its vendors. */
export type TCentreCategory = { label: string; vendors: readonly TVendorLink[] };

/** The category from the config: footer products first, then the header entry; null when hidden. */
export function centreCategory(config: Pick<TScreenConfig, 'footer' | 'header' | 'vendors'>, gameType: TGameType): TCentreCategory | null {
  const vendors = configVendors(config);
  const product = config.footer.products.find((p) => p.gameType === gameType);
  if (product) return { label: product.label, vendors: vendors.links(product.vendorCodes, gameType) };
  const entry = config.header.entries.find((e) => e.kind === 'category' && e.gameType === gameType);
  return entry?.kind === 'category' ? { label: entry.label, vendors: vendors.links(entry.vendorCodes, gameType) } : null;
}

function NoData() {
  const { t } = useTranslation();
  return (
    <p className="no-data" data-testid="no-data">
      {t('no_data')}
    </p>
  );
}

function VendorCard({ vendor, onChoose }: { vendor: TVendorLink; onChoose: (v: TVendorLink) => void }) {
  const { t } = useTranslation();
  const { failed, onError } = useImageFallback();
  return (
    <button type="button" className="vendor-card" data-testid={`game-centre.vendor.${vendor.vassalage}`} onClick={() => onChoose(vendor)}>
      <img
        className="vendor-card__logo"
        src={failed || !vendor.logoUrl ? FALLBACK_IMAGE : vendor.logoUrl}
        data-fallback={failed ? 'true' : undefined}
        onError={onError}
        alt=""
        width={120}
        height={60}
        loading="lazy"
      />
      <span className="vendor-card__name">{vendor.name}</span>
      <span className="btn btn--primary btn--small">{t('play_now')}</span>
    </button>
  );
}

/** Lottery centres (LOTT, ELOTT): the category's vendor cards, each launched by the docs/rules/games.md#g-1 rules. */
function LotteryCards({ vendors }: { vendors: readonly TVendorLink[] }) {
  const launch = useVendorLaunch();
  if (vendors.length === 0) return <NoData />;
  return (
    <div className="vendor-cards" data-testid="game-centre.cards">
      {vendors.map((v) => (
        <VendorCard key={v.vassalage} vendor={v} onChoose={(vendor) => void launch(vendor)} />
      ))}
    </div>
  );
}

/**
 * Game list centres: vendor chips (the `?vassalage=` query picks one, default all vendors of the
 * category), a debounced name search and the games 24 per page (docs/rules/games.md#g-8 routes, docs/rules/content.md#c-11 list size).
 */
function GameList({ gameType, vendors }: { gameType: TGameType; vendors: readonly TVendorLink[] }) {
  const { t } = useTranslation();
  const { language } = useSettings();
  const [params, setParams] = useSearchParams();
  // Only a vendor of this category is a filter; anything else in the address means all vendors.
  const requested = params.get('vassalage');
  const selected = vendors.find((v) => v.vassalage === requested)?.vassalage ?? '';
  const [search, setSearch] = useState('');
  const gameName = useDebouncedValue(search.trim());
  // The page belongs to one filter: a new vendor or name starts again at page 1.
  const filterKey = `${selected}|${gameName}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const q = useGames({
    gameType,
    vassalage: selected || undefined,
    gameName: gameName || undefined,
    pageNo: page,
    pageSize: LIST_PAGE_SIZE,
    language,
  });
  const choose = (vassalage: string) => setParams(vassalage ? { vassalage } : {});

  return (
    <>
      <div className="game-centre__tools">
        {vendors.length > 0 && (
          <div className="chips" role="tablist" aria-label={t('vendors')}>
            <Chip active={selected === ''} testId="game-centre.vendors.all" onClick={() => choose('')}>
              {t('game_centre_all_vendors')}
            </Chip>
            {vendors.map((v) => (
              <Chip key={v.vassalage} active={v.vassalage === selected} testId={`game-centre.vendor.${v.vassalage}`} onClick={() => choose(v.vassalage)}>
                {v.name}
              </Chip>
            ))}
          </div>
        )}
        <input
          type="search"
          className="input game-centre__search"
          data-testid="game-centre.search"
          value={search}
          maxLength={MAX_TEXT_LENGTH}
          placeholder={t('game_centre_search_placeholder')}
          aria-label={t('game_centre_search')}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <GameGrid games={q.data?.games} isLoading={q.isLoading} />
      {q.data && <Pager page={page} totalPages={q.data.totalPages} onPage={(p) => setPaging({ filterKey, page: p })} />}
    </>
  );
}

/**
 * The live casino's chat (SPEC §7 live launch chat, §6 chat room for signed-in users; docs/0126):
 * shown where the config offers the chat room (real accounts only, docs/0121), with its words; it
 * opens the chat modal on the room the launch call answers.
 */
function LiveChatButton({ config }: { config: Pick<TScreenConfig, 'sideMenu'> }) {
  const ui = useUi();
  const entry = config.sideMenu.sections.flatMap((s) => s.entries).find((e) => e.target.type === 'action' && e.target.action === 'chatRoom');
  if (!entry?.label) return null;
  return (
    <button type="button" className="btn btn--small game-centre__chat" data-testid="game-centre.live-chat" onClick={() => ui.openChat('live')}>
      <MenuIcon name={entry.icon} />
      {entry.label}
    </button>
  );
}

/**
 * One page for every category route (docs/rules/games.md#g-8: game centre per category and game list centre).
 * The title is the category's label; a category the config does not show keeps its own name.
 */
export default function GameCentrePage({ gameType }: { gameType: TGameType }) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const category = centreCategory(config, gameType);
  const vendors = category?.vendors ?? [];
  return (
    <div className="game-centre" data-testid="game-centre.page" data-game-type={gameType}>
      {/* h2 under the shell's h1 (the site); the game tiles' names are h3. */}
      <h2 className="row__title game-centre__title" data-testid="game-centre.title">
        {category?.label ?? t(`category_${gameType.toLowerCase()}`)}
      </h2>
      {gameType === 'LIVE' && <LiveChatButton config={config} />}
      {LOTTERY_CATEGORIES.has(gameType) ? <LotteryCards vendors={vendors} /> : <GameList gameType={gameType} vendors={vendors} />}
    </div>
  );
}
