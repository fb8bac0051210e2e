import { useEffect, useState } from 'react';
import type { Swiper as TSwiper } from 'swiper';
import type { SwiperProps } from 'swiper/react';
import { Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { BANNER_AUTOPLAY_MS, BANNER_SPACE_BETWEEN, BANNER_SPEED_MS } from '@wl/schemas/constants';
import type { TBanner } from '@wl/schemas';
import { BannerSlide } from './banner-slide.tsx';
import 'swiper/css';
import 'swiper/css/pagination';

/** Whether the visitor asked for less motion (the system setting behind `prefers-reduced-motion`). */
const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** SPEC §2/§9: loops; pages by swipe or dot; one slide in view. */
export function bannerSwiperProps(count: number): SwiperProps {
  const many = count > 1;
  return {
    modules: [Pagination],
    loop: many,
    speed: BANNER_SPEED_MS,
    spaceBetween: BANNER_SPACE_BETWEEN,
    slidesPerView: 1,
    pagination: many ? { clickable: true } : false,
  };
}

/**
 * SPEC §2/§9: autoplays every 5 s, only when there is more than one banner. A visitor who asked for
 * reduced motion gets no autoplay (WCAG 2.2.2: moving content that starts by itself must be
 * stoppable; the slides stay a swipe or a dot away), as the marquee and the winner board stop for
 * them in CSS.
 */
export function bannerAutoplays(count: number, reducedMotion = prefersReducedMotion()): boolean {
  return count > 1 && !reducedMotion;
}

/** The part of a Swiper the autoplay drives. */
export type TAutoplayTarget = Pick<TSwiper, 'slideNext' | 'on' | 'off'>;

/**
 * Moves to the next slide `delay` ms after the last move ended (its own or the visitor's), never
 * while a finger is on the banner, and not while the page is hidden. A timer: Swiper's Autoplay
 * module runs a requestAnimationFrame loop for as long as it plays (to report the time left), which
 * made every frame of the page a main-thread frame from the moment the carousel mounted (docs/0060).
 * Returns the stop.
 */
export function startAutoplay(swiper: TAutoplayTarget, delay: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hold = () => clearTimeout(timer);
  const wait = () => {
    hold();
    timer = setTimeout(() => {
      if (document.hidden) wait();
      else swiper.slideNext();
    }, delay);
  };
  swiper.on('transitionEnd', wait);
  swiper.on('touchStart', hold);
  swiper.on('touchEnd', wait);
  wait();
  return () => {
    hold();
    swiper.off('transitionEnd', wait);
    swiper.off('touchStart', hold);
    swiper.off('touchEnd', wait);
  };
}

/** Home banner carousel of the w_home group; a click follows the banner's link. */
export default function BannerCarousel({ banners }: { banners: readonly TBanner[] }) {
  const [swiper, setSwiper] = useState<TSwiper | null>(null);
  const autoplays = bannerAutoplays(banners.length);
  useEffect(() => (swiper && autoplays ? startAutoplay(swiper, BANNER_AUTOPLAY_MS) : undefined), [swiper, autoplays]);
  return (
    <Swiper className="banner" {...bannerSwiperProps(banners.length)} onSwiper={setSwiper}>
      {banners.map((b, i) => (
        <SwiperSlide key={b.id}>
          <BannerSlide banner={b} eager={i === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
