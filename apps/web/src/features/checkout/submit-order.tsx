import { useRef, useState } from 'react';
import { Alert, Button, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_REMARK_MAX, type ConfirmResult } from '@dsm/contract';
import { cartKeys } from '../../lib/query-keys';
import { rememberPayBy } from '../../lib/pay-by';
import { submitOrder } from './checkout.api';

interface SubmitOrderProps {
  data: ConfirmResult;
  /** The confirm call is pricing again: the token on screen is about to change. */
  repricing: boolean;
  fromCart: boolean;
  /** Prices again (an expired or refused token). */
  reconfirm: () => void;
}

/**
 * The remark and "Submit order" (POST /api/p/order/submit). The Idempotency-Key belongs to what
 * is submitted (token + remark): a double click, or pressing again after a lost answer, sends
 * the same key, so one order is placed; a new price (new token) or another remark is a new key.
 * A refused token ("Order information check wrong, retry") prices again and asks to check; a
 * token that already placed its order, or the unpaid-order cap, links to the user's orders.
 */
export function SubmitOrder({ data, repricing, fromCart, reconfirm }: SubmitOrderProps) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ msg: string; repriced: boolean; toOrders: boolean } | null>(null);
  const keys = useRef(new Map<string, string>());
  const inFlight = useRef(false);

  async function submit() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    const body = { confirmToken: data.confirmToken, remark: remark.trim() || undefined, fromCart };
    const signature = `${body.confirmToken}\n${body.remark ?? ''}`;
    const key = keys.current.get(signature) ?? crypto.randomUUID();
    keys.current.set(signature, key);
    const result = await submitOrder(body, key);
    inFlight.current = false;
    setBusy(false);
    if (result.success) {
      rememberPayBy(result.data.orders);
      if (fromCart) void client.invalidateQueries({ queryKey: cartKeys.all });
      void navigate(`/user/paymentorder?orders=${result.data.orders.map((o) => encodeURIComponent(o.id)).join(',')}`);
      return;
    }
    // An expired token, or the inventory units another order took meanwhile (decision 0139): priced again.
    const repriced = result.reason === 'confirm-invalid' || result.reason === 'quote-changed';
    // Already placed, or too many orders waiting for payment (decision 0106): the way on is the orders list.
    const toOrders = result.reason === 'confirm-used' || result.reason === 'hold-cap';
    setError({ msg: result.msg, repriced, toOrders });
    if (repriced) reconfirm();
  }

  return (
    <div className="checkout-submit">
      <label className="checkout-remark">
        <span>{t('remark.label')}</span>
        <Input.TextArea
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          maxLength={ORDER_REMARK_MAX}
          rows={2}
          placeholder={t('remark.placeholder')}
        />
      </label>
      {error ? (
        <Alert
          className="checkout-submit-error"
          type={error.repriced ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={error.msg}
          description={
            error.repriced ? (
              t('submit-repriced')
            ) : error.toOrders ? (
              <Link to="/user/storeorder">{t('submit-see-orders')}</Link>
            ) : undefined
          }
        />
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        loading={busy}
        disabled={repricing && !busy}
        onClick={() => void submit()}
      >
        {t('submit')}
      </Button>
      <p className="checkout-muted">{t('submit-note')}</p>
    </div>
  );
}
