import { useAreaTexts } from '../i18n/area-texts.ts';
import '../styles/money.css';
import { OperatorApplications } from './applications.tsx';
import { OperatorPromotions } from './promotions.tsx';
import { OperatorVipSettings } from './vip-settings.tsx';

type TCan = { configRead: boolean; contentWrite: boolean; moneyRead: boolean; moneyWrite: boolean };

/** The console's promotions (content), applications and VIP settings (money): one lazy chunk with its texts (docs/0098). */
export default function OperatorPromotionPanels({ can, currency }: { can: TCan; currency: string }) {
  const ready = useAreaTexts('operator', 'money');
  if (!ready) return <div className="page-loading" aria-busy="true" />;
  return (
    <>
      {can.moneyRead && <OperatorApplications canWrite={can.moneyWrite} currency={currency} />}
      {can.configRead && <OperatorPromotions canWrite={can.contentWrite} canApprove={can.moneyWrite} currency={currency} />}
      {can.moneyRead && <OperatorVipSettings canWrite={can.moneyWrite} />}
    </>
  );
}
