import { FEATURE_FLAGS, type TFeatureFlag, type TWhitelabelNode } from '@wl/schemas';

/** Finds a node by modId, depth first; answers it with whether it and all its ancestors are on. */
export function findNode(tree: readonly TWhitelabelNode[], modId: string): { node: TWhitelabelNode; isOn: boolean } | null {
  for (const node of tree) {
    if (node.modId === modId) return { node, isOn: node.enabled === '1' };
    const inner = findNode(node.childrenNodes, modId);
    if (inner) return { node: inner.node, isOn: inner.isOn && node.enabled === '1' };
  }
  return null;
}

/** A module is on when its node exists and neither it nor any ancestor is switched off. */
export function isModuleOn(tree: readonly TWhitelabelNode[], modId: string): boolean {
  return findNode(tree, modId)?.isOn ?? false;
}

/** The docs/rules/reach.md#r-11 feature flags, each true or false. */
export function featureFlags(tree: readonly TWhitelabelNode[]): Record<TFeatureFlag, boolean> {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, isModuleOn(tree, flag)])) as Record<TFeatureFlag, boolean>;
}

/** modIds of the enabled direct children of an enabled section node (MEMBERCENTER, AGENTCENTER). */
export function enabledChildren(tree: readonly TWhitelabelNode[], sectionModId: string): Set<string> {
  const found = findNode(tree, sectionModId);
  if (!found?.isOn) return new Set();
  return new Set(found.node.childrenNodes.filter((child) => child.enabled === '1').map((child) => child.modId));
}
