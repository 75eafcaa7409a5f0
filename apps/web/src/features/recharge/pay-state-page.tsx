import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RechargeState } from '@dsm/contract';
import { AlertIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { rechargeKeys } from '../../lib/query-keys';
import { confirmCard, rechargeQuery } from './recharge.api';
import '../../components/payment/payment.css';

/** How often the order is read while the provider or the ledger finishes, and for how long. */
export const POLL_MS = 1_500;
export const POLL_LIMIT_MS = 60_000;
const FINAL: readonly RechargeState[] = ['completed', 'closed'];

/**
 * /user/paystate?recharge=<id>[&session_id=…]: after a provider's return. A card order still
 * awaiting payment is confirmed once (the return and the webhook race; the server credits once),
 * then the order is read every 1.5 s until it is completed or closed, for about a minute; then
 * the confirmation page takes over (it says "pending" if it is still not final). The route also
 * serves an order payment's outcome (`?payment=`, features/payments): app/pages/pay-state-page.tsx
 * chooses.
 */
export default function RechargePayStatePage() {
  const { t } = useTranslation('recharge');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('recharge') ?? '';
  const sessionId = params.get('session_id') ?? params.get('session') ?? '';
  const [startedAt] = useState(() => Date.now());
  const confirmed = useRef(false);
  const order = useQuery({
    ...rechargeQuery(id),
    enabled: id !== '',
    refetchInterval: (q) => (q.state.data && FINAL.includes(q.state.data.state) ? false : POLL_MS),
  });
  const data = order.data;
  const confirmation = `/user/payconfirmation?recharge=${encodeURIComponent(id)}`;

  useEffect(() => {
    if (!data || confirmed.current) return;
    if (data.method !== 'card' || data.state !== 'awaiting-payment' || !sessionId) return;
    confirmed.current = true;
    void confirmCard(data.id, `card-confirm:${data.id}:${sessionId}`.slice(0, 200)).then((result) => {
      if (result.success) client.setQueryData(rechargeKeys.order(data.id), result.data);
    });
  }, [data, sessionId, client]);

  useEffect(() => {
    if (data && FINAL.includes(data.state)) void navigate(confirmation, { replace: true });
  }, [data, navigate, confirmation]);

  useEffect(() => {
    const timer = setTimeout(
      () => void navigate(confirmation, { replace: true }),
      Math.max(0, startedAt + POLL_LIMIT_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [navigate, confirmation, startedAt]);

  if (!id || (order.isError && !data)) {
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('not-found')}
        actions={
          <Link className="button button-secondary" to="/user/rechargeorder">
            {t('links.orders')}
          </Link>
        }
      />
    );
  }
  const state = data?.state ?? 'awaiting-payment';
  return (
    <div role="status" aria-live="polite">
      <StatusPage icon={<Spin />} title={t(`paystate.${state}`)} text={t('paystate.text')} />
    </div>
  );
}
