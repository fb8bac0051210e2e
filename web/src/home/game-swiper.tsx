import type { ReactElement } from 'react';
import { Grid, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { SWIPER_GROUP_SIZE } from '@wl/schemas/constants';
import 'swiper/css';
import 'swiper/css/grid';
import 'swiper/css/navigation';

/** Swiper for game rows (SPEC §9: 6 per group, rows per page given by the caller). Lazy-loaded. */
export default function GameSwiper({ rows, children }: { rows: number; children: ReactElement[] }) {
  return (
    <Swiper
      className="game-swiper"
      modules={[Grid, Navigation]}
      navigation
      slidesPerGroup={SWIPER_GROUP_SIZE}
      slidesPerView={SWIPER_GROUP_SIZE}
      grid={{ rows, fill: 'row' }}
      spaceBetween={12}
      breakpoints={{
        0: { slidesPerView: 2, slidesPerGroup: 2, grid: { rows, fill: 'row' } },
        640: { slidesPerView: 4, slidesPerGroup: 4, grid: { rows, fill: 'row' } },
        1100: { slidesPerView: SWIPER_GROUP_SIZE, slidesPerGroup: SWIPER_GROUP_SIZE, grid: { rows, fill: 'row' } },
      }}
    >
      {children.map((child) => (
        <SwiperSlide key={child.key}>{child}</SwiperSlide>
      ))}
    </Swiper>
  );
}
