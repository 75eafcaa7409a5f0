import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { leaveSite } from '../../lib/navigation';
import { startCheckout } from './recharge.api';
import '../../components/payment/payment.css';

/**
 * /paypal?recharge=<id> (top-level, minimal layout): asks the server for PayPal's approve link
 * and sends the browser there. One key for the page's life, so a retry (or React running the
 * effect twice) is answered with the same PayPal order.
 */
export default function PaypalPage() {
  const { t } = useTranslation('recharge');
  const [params] = useSearchParams();
  const id = params.get('recharge') ?? '';
  const key = useRef(crypto.randomUUID());
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  const go = useCallback(async () => {
    setError(null);
    const result = await startCheckout(id, key.current);
    if (result.success) leaveSite.to(result.data.redirectUrl);
    else setError(result.msg || t('paypal.failed'));
  }, [id, t]);

  useEffect(() => {
    if (started.current || !id) return;
    started.current = true;
    void go();
  }, [go, id]);

  if (!id || error) {
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('paypal.failed')}
        text={error ?? t('not-found')}
        actions={
          <>
            {id ? (
              <Button type="primary" onClick={() => void go()}>
                {t('paypal.retry')}
              </Button>
            ) : null}
            <Link className="button button-secondary" to="/user/rechargeorder">
              {t('links.orders')}
            </Link>
          </>
        }
      />
    );
  }
  return <StatusPage icon={<Spin />} title={t('paypal.redirecting')} text={t('paypal.redirecting-text')} />;
}
