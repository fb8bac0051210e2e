import { useEffect, useRef, useState } from 'react';
import type { Swiper as TSwiper } from 'swiper';
import type { SwiperProps } from 'swiper/react';
import { Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { BANNER_AUTOPLAY_MS, BANNER_SPACE_BETWEEN, BANNER_SPEED_MS } from '@wl/schemas/constants';
import type { TBanner } from '@wl/schemas';
import { bannerAutoplays, BannerSlide } from './banner-slide.tsx';
import 'swiper/css';
import 'swiper/css/pagination';

/** docs/rules/README.md#screens, docs/rules/README.md#constants: loops; pages by swipe or dot; one slide in view. */
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

/**
 * Home banner carousel of the w_home group; a click follows the banner's link. `advance`: it was
 * mounted because the first autoplay move was due (home mounts it late, docs/0063), so it moves now.
 */
export default function BannerCarousel({ banners, advance = false }: { banners: readonly TBanner[]; advance?: boolean }) {
  const [swiper, setSwiper] = useState<TSwiper | null>(null);
  const autoplays = bannerAutoplays(banners.length);
  // `advance` counts at mount only: a later render must not move the banner again.
  const advanceAtMount = useRef(advance);
  useEffect(() => {
    if (!swiper || !autoplays) return;
    const stop = startAutoplay(swiper, BANNER_AUTOPLAY_MS);
    if (advanceAtMount.current) swiper.slideNext();
    advanceAtMount.current = false;
    return stop;
  }, [swiper, autoplays]);
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
