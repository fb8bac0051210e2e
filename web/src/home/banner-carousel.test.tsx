import { render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBanner } from '@wl/schemas';

const swiperProps: Record<string, unknown>[] = [];
/** The Swiper instance the mock hands to `onSwiper` once mounted, when a test sets one. */
let swiperInstance: unknown = null;
vi.mock('swiper/react', () => ({
  Swiper: (props: Record<string, unknown> & { children?: ReactNode; onSwiper?: (s: unknown) => void }) => {
    swiperProps.push(props);
    const { onSwiper } = props;
    useEffect(() => {
      if (swiperInstance) onSwiper?.(swiperInstance);
    }, [onSwiper]);
    return <div data-testid="home.banner.swiper">{props.children}</div>;
  },
  SwiperSlide: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
}));
vi.mock('swiper/modules', () => ({ Pagination: { name: 'pagination' } }));
vi.mock('swiper/css', () => ({}));
vi.mock('swiper/css/pagination', () => ({}));

const { default: BannerCarousel } = await import('./banner-carousel.tsx');

function banner(id: number): TBanner {
  return { id, groupName: 'w_home', title: `B${id}`, imageUrl: `/b${id}.png`, url: '/promotions', linkageType: 'INTERNAL' };
}

describe('BannerCarousel', () => {
  it('loops at 1 s speed only with more than one banner, and leaves autoplay to its own timer', () => {
    swiperProps.length = 0;
    render(
      <MemoryRouter>
        <BannerCarousel banners={[banner(1), banner(2)]} />
      </MemoryRouter>,
    );
    const many = swiperProps.at(-1)!;
    // No Swiper Autoplay module: it runs a requestAnimationFrame loop while it plays (docs/0060).
    expect(many.modules).toEqual([{ name: 'pagination' }]);
    expect(many.autoplay).toBeUndefined();
    expect(many.speed).toBe(1000);
    expect(many.loop).toBe(true);
    expect(many.spaceBetween).toBe(20.3);
    expect(many.pagination).toEqual({ clickable: true });

    render(
      <MemoryRouter>
        <BannerCarousel banners={[banner(3)]} />
      </MemoryRouter>,
    );
    const one = swiperProps.at(-1)!;
    expect(one.loop).toBe(false);
    expect(one.pagination).toBe(false);
  });

  it('autoplays with more than one banner, not for a visitor who asked for reduced motion', async () => {
    const { bannerAutoplays } = await import('./banner-slide.tsx');
    expect(bannerAutoplays(3, false)).toBe(true);
    expect(bannerAutoplays(3, true)).toBe(false);
    expect(bannerAutoplays(1, false)).toBe(false);
  });
});

describe('BannerCarousel mounted late (docs/0063)', () => {
  afterEach(() => {
    swiperInstance = null;
    vi.useRealTimers();
  });
  function instance() {
    const swiper = { moves: 0, slideNext: () => (swiper.moves += 1), on: () => undefined, off: () => undefined };
    swiperInstance = swiper;
    return swiper;
  }

  it('moves at once when home mounted it because the first autoplay move was due, then every 5 s', () => {
    vi.useFakeTimers();
    const swiper = instance();
    const { rerender } = render(
      <MemoryRouter>
        <BannerCarousel banners={[banner(1), banner(2)]} advance />
      </MemoryRouter>,
    );
    expect(swiper.moves).toBe(1);
    rerender(
      <MemoryRouter>
        <BannerCarousel banners={[banner(1), banner(2)]} advance />
      </MemoryRouter>,
    );
    expect(swiper.moves).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(swiper.moves).toBe(2);
  });

  it("stays on the first banner when the visitor's input mounted it", () => {
    vi.useFakeTimers();
    const swiper = instance();
    render(
      <MemoryRouter>
        <BannerCarousel banners={[banner(1), banner(2)]} />
      </MemoryRouter>,
    );
    expect(swiper.moves).toBe(0);
    vi.advanceTimersByTime(4999);
    expect(swiper.moves).toBe(0);
  });
});

describe('startAutoplay', () => {
  /** What the autoplay does to a Swiper: its moves, and the events it listens to (Swiper calls them). */
  function swiperDouble() {
    const handlers = new Map<string, Set<() => void>>();
    const target = {
      moves: 0,
      slideNext() {
        target.moves += 1;
        return true;
      },
      on(event: string, handler: () => void) {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)!.add(handler);
      },
      off(event: string, handler: () => void) {
        handlers.get(event)?.delete(handler);
      },
      emit(event: string) {
        for (const h of handlers.get(event) ?? []) h();
      },
      listening: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
    };
    return target;
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves 5 s after the last move ended, holds while a finger is on it and while the page is hidden, and stops', async () => {
    vi.useFakeTimers();
    const { startAutoplay } = await import('./banner-carousel.tsx');
    const swiper = swiperDouble();
    const stop = startAutoplay(swiper as unknown as Parameters<typeof startAutoplay>[0], 5000);
    vi.advanceTimersByTime(4999);
    expect(swiper.moves).toBe(0);
    vi.advanceTimersByTime(1);
    expect(swiper.moves).toBe(1);
    // The slide moves for 1 s; the next 5 s count from the end of the move.
    vi.advanceTimersByTime(1000);
    swiper.emit('transitionEnd');
    vi.advanceTimersByTime(4999);
    expect(swiper.moves).toBe(1);
    vi.advanceTimersByTime(1);
    expect(swiper.moves).toBe(2);

    // A finger on the banner: nothing moves until it lets go and 5 s pass.
    swiper.emit('touchStart');
    vi.advanceTimersByTime(20_000);
    expect(swiper.moves).toBe(2);
    swiper.emit('touchEnd');
    vi.advanceTimersByTime(5000);
    expect(swiper.moves).toBe(3);

    // A hidden page: the turn passes without a move.
    swiper.emit('transitionEnd');
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    vi.advanceTimersByTime(15_000);
    expect(swiper.moves).toBe(3);
    hidden.mockRestore();
    vi.advanceTimersByTime(5000);
    expect(swiper.moves).toBe(4);

    stop();
    expect(swiper.listening()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(swiper.moves).toBe(4);
  });
});

describe('FirstBanner', () => {
  it('shows the first banner as a working slide before the carousel has loaded', async () => {
    const { FirstBanner } = await import('./banner-slide.tsx');
    const { getAllByTestId } = render(
      <MemoryRouter>
        <FirstBanner banners={[banner(7), banner(8)]} />
      </MemoryRouter>,
    );
    const slides = getAllByTestId('home.banner.slide');
    expect(slides).toHaveLength(1);
    expect(slides[0]!.getAttribute('data-link')).toBe('/promotions');
    const img = slides[0]!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/b7.png');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
