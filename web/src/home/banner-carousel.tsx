import type { SwiperProps } from 'swiper/react';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { BANNER_AUTOPLAY_MS, BANNER_SPACE_BETWEEN, BANNER_SPEED_MS } from '@wl/schemas/constants';
import type { TBanner } from '@wl/schemas';
import { BannerSlide } from './banner-slide.tsx';
import 'swiper/css';
import 'swiper/css/pagination';

/** Whether the visitor asked for less motion (the system setting behind `prefers-reduced-motion`). */
const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * SPEC §2/§9: loops; autoplays every 5 s at 1 s speed, only when there is more than one banner. A
 * visitor who asked for reduced motion gets no autoplay (WCAG 2.2.2: moving content that starts by
 * itself must be stoppable; the slides stay a swipe or a dot away), as the marquee and the winner
 * board stop for them in CSS.
 */
export function bannerSwiperProps(count: number, reducedMotion = prefersReducedMotion()): SwiperProps {
  const many = count > 1;
  return {
    modules: [Autoplay, Pagination],
    loop: many,
    speed: BANNER_SPEED_MS,
    spaceBetween: BANNER_SPACE_BETWEEN,
    slidesPerView: 1,
    autoplay: many && !reducedMotion ? { delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false } : false,
    pagination: many ? { clickable: true } : false,
  };
}

/** Home banner carousel of the w_home group; a click follows the banner's link. */
export default function BannerCarousel({ banners }: { banners: readonly TBanner[] }) {
  return (
    <Swiper className="banner" {...bannerSwiperProps(banners.length)}>
      {banners.map((b, i) => (
        <SwiperSlide key={b.id}>
          <BannerSlide banner={b} eager={i === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
