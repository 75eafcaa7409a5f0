import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { capturePaypal } from '../../lib/recharge';
import '../../components/payment/payment.css';

type Failure = { kind: 'failed' } | { kind: 'error'; msg: string };

/**
 * /paypalstatus?recharge=<id>&token=…&PayerID=… (PayPal's return; `&cancelled=1` from its
 * cancel link). Captures once, then /user/paystate follows the order to its end. The key is the
 * recharge and PayPal's token, so a reload of this page cannot capture twice.
 */
export default function PaypalStatusPage() {
  const { t } = useTranslation('recharge');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('recharge') ?? '';
  const token = params.get('token') ?? '';
  const cancelled = params.get('cancelled') === '1' || params.get('cancel') === '1';
  const started = useRef(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const query = `recharge=${encodeURIComponent(id)}`;

  useEffect(() => {
    if (started.current || cancelled || !id) return;
    started.current = true;
    void capturePaypal(id, `paypal-capture:${id}:${token}`.slice(0, 200)).then((result) => {
      if (result.success) void navigate(`/user/paystate?${query}`, { replace: true });
      else setFailure(result.reason === 'recharge-failed' ? { kind: 'failed' } : { kind: 'error', msg: result.msg });
    });
  }, [cancelled, id, token, navigate, query]);

  if (cancelled) {
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('paypal.cancelled')}
        text={t('paypal.cancelled-text')}
        actions={
          <Link className="button button-primary" to={`/user/payment?${query}`}>
            {t('links.back-to-payment')}
          </Link>
        }
      />
    );
  }
  if (failure?.kind === 'failed') {
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('outcome.failed.title')}
        text={t('outcome.failed.text')}
        actions={
          <>
            <Link className="button button-primary" to="/contanctus">
              {t('links.contact')}
            </Link>
            <Link className="button button-secondary" to="/user/rechargeorder">
              {t('links.orders')}
            </Link>
          </>
        }
      />
    );
  }
  if (failure || !id) {
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('paypal.capture-failed')}
        text={failure?.msg ?? t('not-found')}
        actions={
          <>
            {id ? (
              <Button type="primary" onClick={() => void navigate(`/user/paystate?${query}`)}>
                {t('paypal.check-status')}
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
  return <StatusPage icon={<Spin />} title={t('paypal.capturing')} text={t('paypal.capturing-text')} />;
}
