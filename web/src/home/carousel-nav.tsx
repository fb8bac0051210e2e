import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../layout/icons.tsx';

/** The gap between tiles (home.css .carousel__track). */
const GAP_PX = 12;

/**
 * The previous and next buttons of a game carousel (game-carousel.tsx): one group a press, disabled
 * at the first and last group, absent while every game is in view. Its own chunk, loaded with the
 * first carousel: the buttons lie over the row, so nothing moves when they come (docs/0060).
 */
export default function CarouselNav({ track }: { track: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const [edges, setEdges] = useState({ first: true, last: false, all: true });
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    // Read when the browser has laid the row out (a ResizeObserver's turn) and after each scroll.
    const measure = () => {
      const end = el.scrollWidth - el.clientWidth;
      setEdges({ first: el.scrollLeft < 2, last: el.scrollLeft > end - 2, all: end < 2 });
    };
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [track]);
  if (edges.all) return null;
  // One group on: the row's visible width and the gap before the next group (the snap points finish it).
  const move = (direction: number) => track.current?.scrollBy({ left: direction * (track.current.clientWidth + GAP_PX) });
  return (
    <>
      <button
        type="button"
        className="carousel__nav carousel__nav--prev"
        aria-label={t('previous')}
        disabled={edges.first}
        onClick={() => move(-1)}
        data-testid="game-carousel.prev"
      >
        <Icon name="prev" size={36} />
      </button>
      <button
        type="button"
        className="carousel__nav carousel__nav--next"
        aria-label={t('next')}
        disabled={edges.last}
        onClick={() => move(1)}
        data-testid="game-carousel.next"
      >
        <Icon name="next" size={36} />
      </button>
    </>
  );
}
