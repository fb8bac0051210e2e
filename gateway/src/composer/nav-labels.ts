import type { TLanguage, TScreenConfig } from '@wl/schemas';
import bn from './nav-labels.bn.json' with { type: 'json' };
import en from './nav-labels.en.json' with { type: 'json' };

/**
 * The navigation's words (header, side menu, member and agent centre, avatar menu, home's game menu
 * and rows) in each language. They travel in the composed config as `label`, not in the web's
 * first-load texts (docs/0121: the first load's budget, docs/0022). BN and EN hold the same keys
 * (the composer test).
 */
export const NAV_LABELS: Readonly<Record<TLanguage, Readonly<Record<string, string>>>> = { bn, en };

type TLabelled = { labelKey?: string | undefined; label?: string | undefined };

/** The item with its label in the language; an item that has one (server data, a category's title) keeps it. */
function labelled<T extends TLabelled>(item: T, texts: Readonly<Record<string, string>>): T {
  if (item.label !== undefined || item.labelKey === undefined) return item;
  const label = texts[item.labelKey];
  return label === undefined ? item : { ...item, label };
}

/** The config's navigation with every label written in its language (docs/0121). */
export function withNavLabels<T extends Omit<TScreenConfig, 'version' | 'configVersion'>>(config: T): T {
  const texts = NAV_LABELS[config.language];
  const each = <U extends TLabelled>(items: readonly U[]) => items.map((item) => labelled(item, texts));
  return {
    ...config,
    header: { entries: each(config.header.entries) },
    sideMenu: { sections: config.sideMenu.sections.map((section) => ({ ...labelled(section, texts), entries: each(section.entries) })) },
    memberCentre: each(config.memberCentre),
    agentCentre: each(config.agentCentre),
    avatarMenu: each(config.avatarMenu),
    home: { menu: each(config.home.menu), rows: each(config.home.rows) },
  };
}
