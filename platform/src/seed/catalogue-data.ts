import type { TGameType } from '@wl/schemas';

/** Invented vendors per category (docs/rules/README.md#product; more than 10 RNG vendors so MXWIN exists, docs/rules/games.md#g-9). */
export type TVendorSeed = {
  vassalage: string;
  name: string;
  gameType: TGameType;
  games: number;
  /** 'GAME' launches one game (lobby); 'VASSALAGE' opens a popup game list (docs/rules/content.md#c-8). */
  isGame: 'GAME' | 'VASSALAGE';
};

const v = (gameType: TGameType, isGame: 'GAME' | 'VASSALAGE', games: number, list: [string, string][]): TVendorSeed[] =>
  list.map(([vassalage, name]) => ({ vassalage, name, gameType, games, isGame }));

export const VENDOR_SEEDS: TVendorSeed[] = [
  ...v('LOTT', 'GAME', 10, [
    ['TCG_LOTTO_VN', 'Lotto Saigon'],
    ['TCG_SEA', 'Sea Lottery'],
    ['LOTTOBAY', 'Lotto Bay'],
  ]),
  ...v('ELOTT', 'GAME', 8, [
    ['QUICKDRAW', 'Quick Draw'],
    ['NUMERO5', 'Numero Five'],
  ]),
  ...v('LIVE', 'VASSALAGE', 40, [
    ['VELVETLIVE', 'Velvet Live'],
    ['ROYALTABLE', 'Royal Table'],
    ['LIVEORCHID', 'Orchid Live'],
    ['DEALERSTAR', 'Dealer Star'],
    ['MIRAGELIVE', 'Mirage Live'],
  ]),
  ...v('SPORTS', 'GAME', 2, [
    ['KICKOFFX', 'Kickoff X'],
    ['ARENABET', 'Arena Sports'],
    ['GOALPOST', 'Goalpost'],
  ]),
  ...v('ESPORTS', 'GAME', 2, [['IMES', 'IM Esports']]),
  ...v('FISH', 'VASSALAGE', 15, [
    ['REEFHUNT', 'Reef Hunt'],
    ['DEEPBLUE', 'Deep Blue Games'],
    ['HOOKLINE', 'Hook & Line'],
  ]),
  ...v('RNG', 'VASSALAGE', 110, [
    ['SPINORA', 'Spinora'],
    ['REELMINT', 'Reel Mint'],
    ['LUCKYFOX', 'Lucky Fox'],
    ['NOVASLOT', 'Nova Slots'],
    ['GOLDLEAF', 'Gold Leaf'],
    ['STARREEL', 'Star Reel'],
    ['MOONBET', 'Moonbet'],
    ['TIDEPLAY', 'Tide Play'],
    ['EMBERX', 'Ember X'],
    ['ORBITAL', 'Orbital Games'],
    ['KESTREL', 'Kestrel'],
    ['PIXELJAR', 'Pixel Jar'],
    ['BRIGHTFORGE', 'Bright Forge'],
    ['MANGOSPIN', 'Mango Spin'],
    ['CORALWAVE', 'Coral Wave'],
  ]),
  ...v('PVP', 'VASSALAGE', 25, [
    ['CARDHALL', 'Card Hall'],
    ['TEENPATTIHOUSE', 'Teen Patti House'],
    ['RUMMYROOM', 'Rummy Room'],
    ['DOMINOCLUB', 'Domino Club'],
  ]),
  ...v('COCKFIGHT', 'GAME', 2, [['SV3', 'Sabong Village']]),
  ...v('CRASH', 'VASSALAGE', 8, [
    ['JETLINE', 'Jetline'],
    ['ROCKETRISE', 'Rocket Rise'],
  ]),
];

/** Word tables for generated bilingual game names (EN, BN). */
export const ADJECTIVES: [string, string][] = [
  ['Golden', 'সোনালি'],
  ['Lucky', 'ভাগ্যবান'],
  ['Royal', 'রাজকীয়'],
  ['Wild', 'বুনো'],
  ['Magic', 'জাদুকরী'],
  ['Blazing', 'জ্বলন্ত'],
  ['Mighty', 'শক্তিশালী'],
  ['Secret', 'গোপন'],
  ['Ancient', 'প্রাচীন'],
  ['Silver', 'রুপালি'],
  ['Crystal', 'স্ফটিক'],
  ['Thunder', 'বজ্র'],
  ['Shining', 'উজ্জ্বল'],
  ['Happy', 'সুখী'],
  ['Brave', 'সাহসী'],
  ['Mystic', 'রহস্যময়'],
  ['Emerald', 'পান্না'],
  ['Ruby', 'রুবি'],
  ['Diamond', 'হীরার'],
  ['Great', 'মহান'],
  ['Little', 'ছোট্ট'],
  ['Rapid', 'দ্রুত'],
  ['Hidden', 'লুকানো'],
  ['Sweet', 'মিষ্টি'],
  ['Wonder', 'বিস্ময়কর'],
  ['Midnight', 'মধ্যরাতের'],
  ['Sunny', 'রোদেলা'],
  ['Ocean', 'সাগরের'],
  ['Jungle', 'জঙ্গলের'],
  ['Starry', 'তারাভরা'],
];

export const NOUNS: [string, string][] = [
  ['Dragon', 'ড্রাগন'],
  ['Tiger', 'বাঘ'],
  ['Fortune', 'ভাগ্য'],
  ['Treasure', 'গুপ্তধন'],
  ['Temple', 'মন্দির'],
  ['Garden', 'বাগান'],
  ['Kingdom', 'রাজ্য'],
  ['River', 'নদী'],
  ['Phoenix', 'ফিনিক্স'],
  ['Elephant', 'হাতি'],
  ['Peacock', 'ময়ূর'],
  ['Lotus', 'পদ্ম'],
  ['Mango', 'আম'],
  ['Coins', 'মুদ্রা'],
  ['Gems', 'রত্ন'],
  ['Palace', 'প্রাসাদ'],
  ['Festival', 'উৎসব'],
  ['Moon', 'চাঁদ'],
  ['Island', 'দ্বীপ'],
  ['Voyage', 'সমুদ্রযাত্রা'],
  ['Pharaoh', 'ফারাও'],
  ['Panda', 'পান্ডা'],
  ['Lion', 'সিংহ'],
  ['Eagle', 'ঈগল'],
  ['Fish', 'মাছ'],
  ['Rocket', 'রকেট'],
  ['Wheel', 'চাকা'],
  ['Crown', 'মুকুট'],
  ['Storm', 'ঝড়'],
  ['Harvest', 'ফসল'],
];

export const SUFFIXES: [string, string][] = [
  ['', ''],
  ['Deluxe', 'ডিলাক্স'],
  ['Max', 'ম্যাক্স'],
  ['Royale', 'রয়্যাল'],
  ['Party', 'পার্টি'],
];

/** Category words so a game's name says what it is (e.g. "Golden Dragon Baccarat"). */
export const CATEGORY_WORDS: Partial<Record<TGameType, [string, string]>> = {
  LOTT: ['Lotto', 'লটো'],
  ELOTT: ['Draw', 'ড্র'],
  LIVE: ['Baccarat', 'বাকারা'],
  SPORTS: ['Sportsbook', 'স্পোর্টসবুক'],
  ESPORTS: ['Arena', 'এরিনা'],
  FISH: ['Fishing', 'মাছ শিকার'],
  PVP: ['Teen Patti', 'তিন পাত্তি'],
  COCKFIGHT: ['Derby', 'ডার্বি'],
  CRASH: ['Crash', 'ক্র্যাশ'],
};

/** The i-th generated name: deterministic, unique up to ADJ×NOUN×SUFFIX names. */
export function gameName(i: number, gameType: TGameType): { en: string; bn: string } {
  const a = ADJECTIVES[i % ADJECTIVES.length]!;
  // Step nouns by a number coprime with the table so neighbours differ in both words.
  const n = NOUNS[(Math.floor(i / ADJECTIVES.length) + i * 7) % NOUNS.length]!;
  const s = SUFFIXES[Math.floor(i / (ADJECTIVES.length * NOUNS.length)) % SUFFIXES.length]!;
  const c = CATEGORY_WORDS[gameType];
  const en = [a[0], n[0], c?.[0], s[0]].filter(Boolean).join(' ');
  const bn = [a[1], n[1], c?.[1], s[1]].filter(Boolean).join(' ');
  return { en, bn };
}
