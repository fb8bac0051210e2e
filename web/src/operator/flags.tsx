import { useTranslation } from 'react-i18next';
import type { TWhitelabelNode } from '@wl/schemas';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { AwaitingApproval, Switch } from './parts.tsx';

/** Flattens the whitelabel tree into labelled rows, children indented under their parent. */
export function flattenFlags(nodes: readonly TWhitelabelNode[], depth = 0): { node: TWhitelabelNode; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flattenFlags(n.childrenNodes, depth + 1)]);
}

/**
 * The whitelabel flags by name, each with a line on what it does (docs/0069), its code beside for
 * support; a code the texts do not know yet shows the platform's name for it. A money or login
 * flag's switch sends its change for a second operator's approval (docs/0127): `awaitingDraft` is
 * the draft the last one waits in, said under the hint.
 */
export function OperatorFlags({
  nodes,
  awaitingDraft = null,
  disabled,
  onChange,
}: {
  nodes: readonly TWhitelabelNode[];
  awaitingDraft?: number | null;
  disabled: (modId: string) => boolean;
  onChange: (modId: string, enabled: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const ready = useAreaTexts('operatorFlags');
  return (
    <>
      <h2>{t('operator_flags')}</h2>
      {ready && <p className="operator__role">{t('operator_flags_roles_hint')}</p>}
      {awaitingDraft !== null && <AwaitingApproval testId="operator.flags" draftId={awaitingDraft} />}
      {!ready && <span className="spinner" />}
      {ready &&
        flattenFlags(nodes).map(({ node, depth }) => {
          const known = i18n.exists(`flag_${node.modId}`);
          return (
            <Switch
              key={`${node.modId}-${depth}`}
              testId={`operator.flag.${node.modId}`}
              label={known ? t(`flag_${node.modId}`) : node.name || node.modId}
              detail={known ? t(`flag_${node.modId}_help`) : undefined}
              code={node.modId}
              checked={node.enabled === '1'}
              disabled={disabled(node.modId)}
              depth={depth}
              onChange={(v) => onChange(node.modId, v)}
            />
          );
        })}
    </>
  );
}
