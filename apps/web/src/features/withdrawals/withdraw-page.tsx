import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { WithdrawForm } from './withdraw-form';
import { WithdrawHistory } from './withdraw-history';
import { useLimits } from './withdrawals.api';
import './withdrawals.css';

/**
 * /user/withdraw (SPEC §5 "Withdrawal", decision 0076): the withdrawable cash, the request form
 * and the user's requests. The amount is locked in the wallet until the operator decides.
 */
export default function WithdrawPage() {
  const { t } = useTranslation('withdrawals');
  const lang = useSession((s) => s.lang);
  const limits = useLimits();

  return (
    <div className="withdraw-page">
      <h1>{t('title')}</h1>
      <p className="withdraw-muted">{t('intro')}</p>
      {limits.isError ? (
        <Alert type="error" showIcon title={limits.error.message} />
      ) : !limits.data ? (
        <Skeleton active />
      ) : (
        <>
          <div className="withdraw-balance" role="status" aria-label={t('withdrawable')}>
            <span>{t('withdrawable')}</span>
            <strong data-testid="withdrawable">{formatMoney(limits.data.withdrawable, null, lang)}</strong>
            <span className="withdraw-muted">{t('withdrawable-hint')}</span>
          </div>
          <WithdrawForm limits={limits.data} />
        </>
      )}
      <WithdrawHistory />
    </div>
  );
}
