import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BANNER_AUTOPLAY_MS, LIST_PAGE_SIZE, OTHER_SWIPER_ROWS } from '@wl/schemas/constants';
import type { THomeMenuEntry } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { useUi } from '../app/ui-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useVendors } from '../config/vendors.ts';
import { useSettled } from '../lib/use-settled.ts';
import { useSession } from '../session/session-context.tsx';
import { bannerAutoplays, FirstBanner } from './banner-slide.tsx';
import { GameGrid } from './game-grid.tsx';
import { GameMenu } from './game-menu.tsx';
import { useAnnouncements, useFavouriteList, useGames } from './home-data.ts';
import { HomeRows } from './home-rows.tsx';
import { NoticeMarquee } from './notice-marquee.tsx';
import { ListPager, RowSection, useLabel, VendorGames } from './vendor-row.tsx';
import { WinnerBoard } from './winner-board.tsx';

const BannerCarousel = lazy(() => import('./banner-carousel.tsx'));
// Opens on a click only: not part of the first load (docs/0022).
const NoticeModal = lazy(() => import('./notice-modal.tsx').then((m) => ({ default: m.NoticeModal })));

function CategoryList({ entry }: { entry: THomeMenuEntry }) {
  const { language } = useSettings();
  const [page, setPage] = useState(1);
  const q = useGames({ gameType: entry.gameType ?? undefined, pageNo: page, pageSize: LIST_PAGE_SIZE, language });
  return (
    <>
      <GameGrid games={q.data?.games} isLoading={q.isLoading} />
      {q.data && <ListPager page={page} totalPages={q.data.totalPages} onPage={setPage} />}
    </>
  );
}

function FavouriteList() {
  const q = useFavouriteList(true);
  return <GameGrid games={q.data?.content} isLoading={q.isLoading} rows={OTHER_SWIPER_ROWS} />;
}

const NO_CODES: readonly string[] = [];

/** Home (docs/rules/content.md#c-9 Home details): banner, notice marquee, game menu, rows, winner board. */
export function HomePage({ popup }: { popup?: 'login' | 'register' }) {
  const config = useScreenConfig();
  const ui = useUi();
  const { isLoggedIn } = useSession();
  const label = useLabel();
  const [menu, setMenu] = useState('HOME');
  const [noticeIndex, setNoticeIndex] = useState<number | null>(null);
  const ann = useAnnouncements();
  const banners = (ann.data?.banners ?? []).filter((b) => b.groupName === 'w_home');
  // The first banner shows at once (docs/0022). Swiper (its chunk, its ~20 ms setup) waits for the
  // visitor to reach for the banner (a touch, a press, focus), or for the first autoplay move:
  // BANNER_AUTOPLAY_MS after the page went quiet, when it mounts and moves at once. Nothing of it
  // runs during the load (docs/0063).
  const bannerBox = useRef<HTMLDivElement>(null);
  const carouselBy = useSettled({ inputOn: bannerBox, delayMs: bannerAutoplays(banners.length) ? BANNER_AUTOPLAY_MS : Number.POSITIVE_INFINITY });

  // /login and /register show home with the popup open (docs/rules/content.md#c-11 routes).
  const { openLogin, openRegister } = ui;
  useEffect(() => {
    if (popup === 'login') openLogin();
    else if (popup === 'register') openRegister();
  }, [popup, openLogin, openRegister]);

  // Leaving FAV when the session ends: visitors have no favourites.
  useEffect(() => {
    if (!isLoggedIn && menu === 'FAV') setMenu('HOME');
  }, [isLoggedIn, menu]);

  const notices = ann.data?.player ?? [];
  const entry = config.home.menu.find((m) => m.key === menu);
  const mxwinRow = config.home.rows.find((r) => r.key === 'MXWIN');
  const mxwinVendors = useVendors().links(mxwinRow?.vendorCodes ?? NO_CODES, mxwinRow?.gameType ?? null);

  let body;
  if (!entry || entry.kind === 'HOME') body = <HomeRows />;
  else if (entry.kind === 'FAV')
    body = (
      <RowSection rowKey="FAV" title={label(entry)}>
        <FavouriteList />
      </RowSection>
    );
  else if (entry.kind === 'MXWIN')
    body = (
      <RowSection rowKey="MXWIN" title={label(entry)}>
        <VendorGames vendors={mxwinVendors} full />
      </RowSection>
    );
  else
    body = (
      <section className="row" data-testid={`home.list.${entry.key}`}>
        <h2 className="row__title">{label(entry)}</h2>
        <CategoryList key={entry.key} entry={entry} />
      </section>
    );

  return (
    <div className="home">
      <div ref={bannerBox} className="home__banner" data-testid="home.banner">
        {banners.length > 1 && carouselBy ? (
          <Suspense fallback={<FirstBanner banners={banners} />}>
            <BannerCarousel banners={banners} advance={carouselBy === 'quiet'} />
          </Suspense>
        ) : banners.length >= 1 ? (
          // One banner needs no carousel: Swiper loads only when there is something to swipe.
          <FirstBanner banners={banners} />
        ) : (
          <div className="banner banner--placeholder" aria-busy={ann.isLoading} />
        )}
      </div>
      <NoticeMarquee notices={notices} onOpen={setNoticeIndex} />
      <GameMenu entries={config.home.menu} selected={menu} onSelect={setMenu} />
      <div className="home__layout">
        <div className="home__main">{body}</div>
        <aside className="home__aside">
          <WinnerBoard />
        </aside>
      </div>
      {noticeIndex !== null && (
        <Suspense fallback={null}>
          <NoticeModal notices={notices} index={noticeIndex} onIndex={setNoticeIndex} onClose={() => setNoticeIndex(null)} />
        </Suspense>
      )}
    </div>
  );
}
