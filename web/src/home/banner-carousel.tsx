import type { SwiperProps } from 'swiper/react';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { BANNER_AUTOPLAY_MS, BANNER_SPACE_BETWEEN, BANNER_SPEED_MS } from '@wl/schemas/constants';
import type { TBanner } from '@wl/schemas';
import { BannerSlide } from './banner-slide.tsx';
import 'swiper/css';
import 'swiper/css/pagination';

/** SPEC §2/§9: loops; autoplays every 5 s at 1 s speed, only when there is more than one banner. */
export function bannerSwiperProps(count: number): SwiperProps {
  const many = count > 1;
  return {
    modules: [Autoplay, Pagination],
    loop: many,
    speed: BANNER_SPEED_MS,
    spaceBetween: BANNER_SPACE_BETWEEN,
    slidesPerView: 1,
    autoplay: many ? { delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false } : false,
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
