/**
 * The avatar designs a member may choose on its profile (docs/0115): a list, not an upload (SPEC §7
 * names an avatar *icon* call and no upload; a list needs no image checks, storage or moderation).
 * One table for the platform, which draws the avatar SVG, and the web, which draws the choices, so
 * both show the same picture. Design 0 is not here: it is the colours generated from the member's key.
 */
export type TAvatarDesign = {
  /** Gradient from and to (top left to bottom right). */
  from: string;
  to: string;
  /** A motif drawn in white at low opacity behind the initial, in a 96 × 96 box. */
  motif: string;
};

const RING = 'M48 10a38 38 0 1 0 0.1 0zM48 18a30 30 0 1 1 -0.1 0z';
const WAVE = 'M0 64q12 -10 24 0t24 0t24 0t24 0v32h-96z';
const STAR = 'M48 8l9 27h29l-23 17 9 28-24-17-24 17 9-28-23-17h29z';
const DIAMOND = 'M48 4l44 44-44 44-44-44z';

export const AVATAR_DESIGNS: readonly TAvatarDesign[] = [
  { from: '#0f766e', to: '#134e4a', motif: RING },
  { from: '#1d4ed8', to: '#1e3a8a', motif: WAVE },
  { from: '#b91c1c', to: '#7f1d1d', motif: STAR },
  { from: '#7c3aed', to: '#4c1d95', motif: DIAMOND },
  { from: '#c2410c', to: '#7c2d12', motif: WAVE },
  { from: '#15803d', to: '#14532d', motif: STAR },
  { from: '#be185d', to: '#831843', motif: RING },
  { from: '#334155', to: '#0f172a', motif: DIAMOND },
];

/** How many designs there are (icons 1…count; 0 is the generated avatar). */
export const AVATAR_ICON_COUNT = 8;

/** The design of icon 1…AVATAR_ICON_COUNT, or null for 0 (the generated avatar) and anything else. */
export function avatarDesign(icon: number): TAvatarDesign | null {
  return Number.isInteger(icon) && icon >= 1 && icon <= AVATAR_ICON_COUNT ? (AVATAR_DESIGNS[icon - 1] ?? null) : null;
}
