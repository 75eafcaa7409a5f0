import type { DepositTerms as Terms } from '@dsm/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';

/**
 * The two-part offer of a large inventory order (decision 0130), said before paying: how much
 * now, how much when the goods are bought, and what happens to the deposit after purchase.
 */
export function DepositTerms({ terms }: { terms: Terms }) {
  const { t } = useTranslation('inventory');
  const lang = useSession((s) => s.lang);
  const usd = (amount: number) => formatMoney(amount, null, lang);
  return (
    <Alert
      type="info"
      showIcon
      className="inv-deposit"
      title={t('deposit.offer', { deposit: usd(terms.deposit), balance: usd(terms.balance), percent: terms.percent })}
      description={t('deposit.rules')}
    />
  );
}
