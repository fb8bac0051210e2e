import { useAreaTexts } from '../i18n/area-texts.ts';
import { OperatorAdjustments } from './adjustments.tsx';
import { OperatorCashbacks } from './cashbacks.tsx';
import { OperatorDeposits } from './deposits.tsx';
import { OperatorMoneySettings } from './money-settings.tsx';

/** The console's money panels, one chunk with the money texts: shown to roles with money.read; deciding and saving need money.write (docs/0066). */
export default function OperatorMoneyPanels({ canWrite, canControl, operatorUsername }: { canWrite: boolean; canControl: boolean; operatorUsername: string }) {
  const ready = useAreaTexts('money', 'deposit');
  if (!ready) return <span className="spinner" aria-busy="true" />;
  return (
    <>
      <OperatorDeposits canWrite={canWrite} operatorUsername={operatorUsername} />
      <OperatorAdjustments canWrite={canWrite} canControl={canControl} operatorUsername={operatorUsername} />
      <OperatorMoneySettings canWrite={canWrite} canControl={canControl} />
      <OperatorCashbacks canWrite={canWrite} />
    </>
  );
}
