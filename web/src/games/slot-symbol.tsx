import { Cat, Citrus, Fish, Flower2, Sailboat, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TSlotSymbol } from '@wl/schemas/games/slot';

const ICONS: Partial<Record<TSlotSymbol, LucideIcon>> = { wild: Sparkles, tiger: Cat, ilish: Fish, lotus: Flower2, boat: Sailboat, mango: Citrus };

/** One reel symbol: an SVG picture for the pictures, the card letter for the card symbols; named for screen readers. */
export function SlotSymbol({ symbol, size = 28 }: { symbol: TSlotSymbol; size?: number }) {
  const { t } = useTranslation();
  const Glyph = ICONS[symbol];
  const name = t(`slot_symbol_${symbol}`);
  return (
    <span className={`slot-symbol slot-symbol--${symbol}`} role="img" aria-label={name} title={name}>
      {Glyph ? <Glyph size={size} aria-hidden="true" focusable="false" /> : <span aria-hidden="true">{symbol.toUpperCase()}</span>}
    </span>
  );
}
