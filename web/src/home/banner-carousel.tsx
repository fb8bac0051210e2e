import type { SwiperProps } from 'swiper/react';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { useNavigate } from 'react-router';
import { BANNER_AUTOPLAY_MS, BANNER_SPACE_BETWEEN, BANNER_SPEED_MS } from '@wl/schemas/constants';
import type { TBanner } from '@wl/schemas';
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
  const navigate = useNavigate();
  const follow = (b: TBanner) => {
    if (!b.url || b.linkageType === 'NONE') return;
    if (b.linkageType === 'EXTERNAL') window.open(b.url, '_blank', 'noopener,noreferrer');
    else navigate(b.url);
  };
  return (
    <Swiper className="banner" {...bannerSwiperProps(banners.length)}>
      {banners.map((b) => (
        <SwiperSlide key={b.id}>
          <button
            type="button"
            className="banner__slide"
            data-testid="home.banner.slide"
            data-link={b.url || undefined}
            onClick={() => follow(b)}
            aria-label={b.title}
          >
            <img src={b.imageUrl} alt={b.title} className="banner__img" width={1200} height={360} />
          </button>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
