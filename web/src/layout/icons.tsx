/** Glyphs for the icon names the ScreenConfig carries; unknown names get a neutral dot. */
const ICONS: Record<string, string> = {
  home: '🏠', deposit: '💰', withdraw: '🏧', promotions: '🎁', promotion: '🎁', invite: '🤝', referral: '🤝', share: '🤝',
  reward: '🏆', rewards: '🏆', rebate: '♻️', vip: '👑', record: '📜', bet: '🎯', account: '👤', profile: '👤',
  profit: '📈', message: '✉️', messages: '✉️', language: '🌐', app: '📱', download: '📱', service: '🎧',
  customerService: '🎧', logout: '🚪', theme: '🌓', help: '❓', security: '🔒', transfer: '🔁', mission: '🎯',
  live: '🎥', rng: '🎰', slot: '🎰', sports: '⚽', esports: '🎮', lott: '🎱', lottery: '🎱', elott: '🎲', pvp: '🃏',
  fish: '🐟', cockfight: '🐓', crash: '🚀', agent: '🧑‍💼', facebook: 'f', youtube: '▶',
};

/** The glyph for an icon name. */
export function iconFor(name: string): string {
  return ICONS[name] ?? ICONS[name.toLowerCase()] ?? '•';
}
