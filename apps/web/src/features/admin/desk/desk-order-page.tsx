import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OrderView } from '../../../components/orders/order-view';
import { AgentThread } from '../../../components/sourcing/agent-thread';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { AdminPage } from '../shared/admin-page';
import { useDeskOrder } from './desk.api';

/**
 * /admin/desk/:userId/orders/:id (decision 0137): one order of an assigned user as the operator
 * sees it — lines, shipping and tracking, amounts, timeline — with no buttons: purchasing,
 * shipping and refunds stay the operator's. The agent writes to the user about it below.
 */
export default function DeskOrderPage() {
  const { t } = useTranslation(['sourcing', 'orders']);
  const lang = useSession((s) => s.lang);
  const { userId = '', id = '' } = useParams();
  const order = useDeskOrder(userId, id);
  const o = order.data;
  const back = `/admin/desk/${userId}`;
  return (
    <AdminPage
      title={o ? t('orders:detail.title', { number: o.number }) : t('routes:admin-desk-order')}
      back={{ to: back, label: t('routes:admin-desk-user') }}
      intro={t('desk.order-intro')}
    >
      {order.isPending ? <Skeleton active /> : null}
      {order.isError ? <Alert type="warning" showIcon title={t('orders:detail.not-found')} /> : null}
      {o ? (
        <>
          <OrderView
            order={o}
            money={(v) => formatMoney(v, null, lang)}
            lang={lang}
            viewer="operator"
            renderChild={(c) => <Link to={`/admin/desk/${userId}/orders/${c.id}`}>{c.number}</Link>}
          />
          <AgentThread
            userId={userId}
            order={{ id: o.id, number: o.number }}
            orderLink={(orderId) => `/admin/desk/${userId}/orders/${orderId}`}
          />
        </>
      ) : null}
    </AdminPage>
  );
}
