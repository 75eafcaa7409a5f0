import { useState } from 'react';
import type { StoreOrderRow } from '@dsm/contract';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../lib/api';
import { toast } from '../../lib/toast';
import { storeOrderActions, useRefreshStoreOrders } from './store-orders.api';
import { useCoolDown } from './store-orders.format';

/** What the owner may do with a store order now; the server refuses the rest with its message. */
export const canTrash = (o: StoreOrderRow) => o.state === 'open' && !o.order;
export const canRestore = (o: StoreOrderRow) => o.state === 'trashed';
const canAnswerAbnormal = (o: StoreOrderRow) => o.abnormal && o.state === 'open' && !o.order;

/**
 * A row's buttons: the abnormal flag's three answers (move to normal after a confirmation, ignore,
 * delete), delete or restore; "refund to wallet" for a paid order the store cancelled before we
 * began purchasing (decision 0120). Each button's name is its text; `describedBy` names the order
 * (decision 0108 §4), so a screen reader says "Delete, button, #1001".
 */
export function StoreOrderActions({ order, describedBy }: { order: StoreOrderRow; describedBy: string }) {
  const { t } = useTranslation('store-orders');
  const refresh = useRefreshStoreOrders();

  async function run(call: () => Promise<ApiResult<unknown>>, done: string) {
    const result = await call();
    if (result.success) toast.success(done);
    await refresh();
  }

  const confirmed = (
    key: string,
    question: string,
    call: () => Promise<ApiResult<unknown>>,
    done: string,
    danger = false,
  ) => (
    <Popconfirm
      key={key}
      title={question}
      okText={t('actions.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger }}
      onConfirm={() => run(call, done)}
    >
      <Button size="small" danger={danger} aria-describedby={describedBy}>
        {t(key)}
      </Button>
    </Popconfirm>
  );

  return (
    <div className="so-actions">
      {canAnswerAbnormal(order)
        ? [
            confirmed(
              'abnormal.resolve',
              t('abnormal.resolve-confirm', { number: order.number }),
              () => storeOrderActions.resolve(order.id),
              t('abnormal.resolved'),
            ),
            confirmed(
              'abnormal.ignore',
              t('abnormal.ignore-confirm', { number: order.number }),
              () => storeOrderActions.ignore(order.id),
              t('abnormal.ignored'),
            ),
          ]
        : null}
      {order.refundable
        ? confirmed(
            'actions.refund',
            t('actions.refund-confirm', { number: order.number }),
            () => storeOrderActions.refund(order.id),
            t('actions.refunded'),
          )
        : null}
      {canTrash(order)
        ? confirmed(
            'actions.trash',
            t('actions.trash-confirm', { number: order.number }),
            () => storeOrderActions.trash([order.id]),
            t('actions.trashed'),
            true,
          )
        : null}
      {canRestore(order) ? (
        <Button
          size="small"
          aria-describedby={describedBy}
          onClick={() => void run(() => storeOrderActions.restore([order.id]), t('actions.restored', { count: 1 }))}
        >
          {t('actions.restore')}
        </Button>
      ) : null}
    </div>
  );
}

/** "Sync now" for one order: read it back from the store; a few seconds' cool-down after a click. */
export function SyncOrderButton({ order, describedBy }: { order: StoreOrderRow; describedBy: string }) {
  const { t } = useTranslation('store-orders');
  const refresh = useRefreshStoreOrders();
  // The row carries no cool-down of its own; the answer of a sync says until when the server rests.
  const [serverUntil, setServerUntil] = useState<string | null>(null);
  const [cooling, cool] = useCoolDown(serverUntil);
  async function sync() {
    cool();
    const result = await storeOrderActions.sync(order.id);
    if (result.success) {
      setServerUntil(result.data.syncAvailableAt);
      toast.success(t('sync.order-synced'));
    }
    await refresh();
  }
  return (
    <Button size="small" disabled={cooling} aria-describedby={describedBy} onClick={() => void sync()}>
      {t('sync.now')}
    </Button>
  );
}
