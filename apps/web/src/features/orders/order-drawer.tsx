import { useState } from 'react';
import { Alert, Button, Drawer, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderView } from '../../components/orders/order-view';
import { TrackingPushNote } from '../../components/orders/tracking-push';
import { TwoPartsPanel } from '../../components/orders/two-parts';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { OrderActions } from './order-actions';
import { cancelTwoPartOrder, orderActions, useOrder, useOrderTwoParts, useRefreshOrders } from './orders.api';
import { SplitDialog } from './split-dialog';

interface Props {
  id: string;
  splitting: boolean;
  onSplit: (open: boolean) => void;
  /** Opens another order (a split's child) in the same drawer. */
  onOpen: (id: string) => void;
  onClose: () => void;
}

/**
 * The order's detail in a drawer over the list (decision 0087): the list keeps its tab, page and
 * selection, and `?order=<id>` in the address makes the drawer linkable. The split dialog opens
 * from here because it needs the order's lines.
 */
export function OrderDrawer({ id, splitting, onSplit, onOpen, onClose }: Props) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const lang = useSession((s) => s.lang);
  const order = useOrder(id);
  const refresh = useRefreshOrders();
  const o = order.data;
  const twoParts = useOrderTwoParts(o?.purchaseType === 'bulk' && o.paidAt ? id : null);
  const [cancelling, setCancelling] = useState(false);
  async function cancel() {
    setCancelling(true);
    const done = await cancelTwoPartOrder(id);
    setCancelling(false);
    if (done.success) {
      void twoParts.refetch();
      void refresh();
    }
  }

  return (
    <Drawer
      open
      title={o ? t('detail.title', { number: o.number }) : t('detail.loading')}
      size={760}
      onClose={onClose}
      className="order-drawer"
    >
      {order.isPending ? <Skeleton active /> : null}
      {order.isError ? <Alert type="warning" showIcon title={t('detail.not-found')} /> : null}
      {o ? (
        <>
          <OrderActions order={o} onSplit={() => onSplit(true)} size="middle" />
          <div style={{ height: 12 }} />
          {o.trackingPush ? (
            <TrackingPushNote
              push={o.trackingPush}
              lang={lang}
              onRetry={() => orderActions.retryPush(o.id).then(() => refresh())}
            />
          ) : null}
          {twoParts.data ? (
            <TwoPartsPanel
              parts={twoParts.data}
              money={money}
              viewer="user"
              cancelling={cancelling}
              onCancel={() =>
                Modal.confirm({ title: t('payments:two-parts.cancel-confirm'), onOk: () => void cancel() })
              }
            />
          ) : null}
          <OrderView
            order={o}
            money={money}
            lang={lang}
            viewer="user"
            renderChild={(c) => (
              <Button type="link" className="orders-number" onClick={() => onOpen(c.id)}>
                {c.number}
              </Button>
            )}
            extra={
              o.paidAt ? (
                // Every paid order has its invoice (issued with the payment, decision 0082).
                <Link to={`/user/orderinvoice?order=${encodeURIComponent(o.id)}`}>{t('detail.invoice')}</Link>
              ) : null
            }
          />
          {splitting && o.actions.includes('split') ? (
            <SplitDialog
              order={o}
              onClose={() => onSplit(false)}
              onDone={() => {
                onSplit(false);
                void refresh();
              }}
            />
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
