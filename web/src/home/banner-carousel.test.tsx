import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TBanner } from '@wl/schemas';

const swiperProps: Record<string, unknown>[] = [];
vi.mock('swiper/react', () => ({
  Swiper: (props: Record<string, unknown> & { children?: ReactNode }) => {
    swiperProps.push(props);
    return <div data-testid="home.banner.swiper">{props.children}</div>;
  },
  SwiperSlide: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
}));
vi.mock('swiper/modules', () => ({ Autoplay: { name: 'autoplay' }, Pagination: { name: 'pagination' } }));
vi.mock('swiper/css', () => ({}));
vi.mock('swiper/css/pagination', () => ({}));

const { default: BannerCarousel } = await import('./banner-carousel.tsx');

function banner(id: number): TBanner {
  return { id, groupName: 'w_home', title: `B${id}`, imageUrl: `/b${id}.png`, url: '/promotions', linkageType: 'INTERNAL' };
}

describe('BannerCarousel', () => {
  it('autoplays every 5 s at 1 s speed and loops only with more than one banner', () => {
    swiperProps.length = 0;
    render(<MemoryRouter><BannerCarousel banners={[banner(1), banner(2)]} /></MemoryRouter>);
    const many = swiperProps.at(-1)!;
    expect(many.autoplay).toEqual({ delay: 5000, disableOnInteraction: false });
    expect(many.speed).toBe(1000);
    expect(many.loop).toBe(true);
    expect(many.spaceBetween).toBe(20.3);

    render(<MemoryRouter><BannerCarousel banners={[banner(3)]} /></MemoryRouter>);
    const one = swiperProps.at(-1)!;
    expect(one.autoplay).toBe(false);
    expect(one.loop).toBe(false);
  });

  it('does not autoplay for a visitor who asked for reduced motion; the slides still loop and page by dot', async () => {
    const { bannerSwiperProps } = await import('./banner-carousel.tsx');
    const reduced = bannerSwiperProps(3, true);
    expect(reduced.autoplay).toBe(false);
    expect(reduced.loop).toBe(true);
    expect(reduced.pagination).toEqual({ clickable: true });
    expect(bannerSwiperProps(3, false).autoplay).toEqual({ delay: 5000, disableOnInteraction: false });
  });
});

describe('FirstBanner', () => {
  it('shows the first banner as a working slide before the carousel has loaded', async () => {
    const { FirstBanner } = await import('./banner-slide.tsx');
    const { getAllByTestId } = render(<MemoryRouter><FirstBanner banners={[banner(7), banner(8)]} /></MemoryRouter>);
    const slides = getAllByTestId('home.banner.slide');
    expect(slides).toHaveLength(1);
    expect(slides[0]!.getAttribute('data-link')).toBe('/promotions');
    const img = slides[0]!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/b7.png');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
