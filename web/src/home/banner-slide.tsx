import { useNavigate } from 'react-router';
import type { TBanner } from '@wl/schemas';

/** Whether the visitor asked for less motion (the system setting behind `prefers-reduced-motion`). */
const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * docs/rules/content.md#c-6: autoplays every 5 s, only when there is more than one banner. A visitor who asked for
 * reduced motion gets no autoplay (WCAG 2.2.2: moving content that starts by itself must be
 * stoppable; the slides stay a swipe or a dot away), as the marquee and the winner board stop for
 * them in CSS.
 */
export function bannerAutoplays(count: number, reducedMotion = prefersReducedMotion()): boolean {
  return count > 1 && !reducedMotion;
}

/** One banner: a button that follows the banner's link (docs/rules/content.md#c-6: clicking opens its link). */
export function BannerSlide({ banner, eager = false }: { banner: TBanner; eager?: boolean }) {
  const navigate = useNavigate();
  const follow = () => {
    if (!banner.url || banner.linkageType === 'NONE') return;
    if (banner.linkageType === 'EXTERNAL') window.open(banner.url, '_blank', 'noopener,noreferrer');
    else navigate(banner.url);
  };
  return (
    <button
      type="button"
      className="banner__slide"
      data-testid="home.banner.slide"
      data-link={banner.url || undefined}
      onClick={follow}
      aria-label={banner.title}
    >
      <img src={banner.imageUrl} alt={banner.title} className="banner__img" width={1200} height={360} {...(eager ? { fetchPriority: 'high' as const } : {})} />
    </button>
  );
}

/**
 * The first banner, shown at once while the carousel (Swiper) loads: the banner is the page's
 * largest element, so it must not wait for the carousel's chunk (on a slow phone that took seconds).
 */
export function FirstBanner({ banners }: { banners: readonly TBanner[] }) {
  const first = banners[0];
  return <div className="banner">{first && <BannerSlide banner={first} eager />}</div>;
}
