import type { OrderEvent, OrderState } from '@dsm/contract';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiResult } from '../../lib/api';
import { toast } from '../../lib/toast';
import { orderActions, useRefreshOrders } from './orders.api';

/** The link to the order confirmation page (another screen pays): several ids, comma separated. */
export const payLink = (ids: string[]) => `/user/paymentorder?orders=${ids.map(encodeURIComponent).join(',')}`;

/** Paid orders may ask for after-sales (the after-sales screen checks the rest, decision 0088). */
const AFTER_SALES_STATES: readonly OrderState[] = ['pending', 'purchasing', 'shipped', 'delivered'];

interface Props {
  order: { id: string; number: string; state: OrderState; abnormal: boolean; actions: OrderEvent[] };
  /** Split needs the order's lines: the page opens the detail with the split dialog. */
  onSplit: () => void;
  size?: 'small' | 'middle';
}

/**
 * The buttons of the events the user may fire now — the server's `actions`, nothing else (the
 * state machine decides, decision 0081). Trash, reset split and the abnormal answers ask first.
 */
export function OrderActions({ order, onSplit, size = 'small' }: Props) {
  const { t } = useTranslation('orders');
  const refresh = useRefreshOrders();
  const can = (e: OrderEvent) => order.actions.includes(e);

  async function run(call: () => Promise<ApiResult<unknown>>, done: string) {
    const result = await call();
    if (result.success) toast.success(done);
    await refresh();
  }

  const confirmed = (
    event: OrderEvent,
    question: string,
    call: () => Promise<ApiResult<unknown>>,
    done: string,
    danger = false,
  ) =>
    can(event) ? (
      <Popconfirm
        key={event}
        title={question}
        okText={t('actions.confirm')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ danger }}
        onConfirm={() => run(call, done)}
      >
        <Button size={size} danger={danger} aria-label={t(`buttons.${event}-named`, { number: order.number })}>
          {t(`buttons.${event}`)}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <div className="order-actions">
      {can('pay') ? (
        <Link
          className="button button-primary order-pay"
          to={payLink([order.id])}
          aria-label={t('buttons.pay-named', { number: order.number })}
        >
          {t('buttons.pay')}
        </Link>
      ) : null}
      {can('pay-price-difference') ? (
        <Link
          className="button button-primary order-link"
          to="/user/fillpricedifference"
          aria-label={t('buttons.pay-difference-named', { number: order.number })}
        >
          {t('buttons.pay-difference')}
        </Link>
      ) : null}
      {can('restore') ? (
        <Button
          size={size}
          onClick={() => void run(() => orderActions.restore([order.id]), t('list.restored', { count: 1 }))}
          aria-label={t('buttons.restore-named', { number: order.number })}
        >
          {t('buttons.restore')}
        </Button>
      ) : null}
      {can('split') ? (
        <Button size={size} onClick={onSplit} aria-label={t('buttons.split-named', { number: order.number })}>
          {t('buttons.split')}
        </Button>
      ) : null}
      {confirmed(
        'reset-split',
        t('confirm.reset-split', { number: order.number }),
        () => orderActions.resetSplit(order.id),
        t('done.reset-split'),
      )}
      {confirmed(
        'resolve-abnormal',
        t('confirm.resolve-abnormal', { number: order.number }),
        () => orderActions.resolve(order.id),
        t('done.resolve-abnormal'),
      )}
      {confirmed(
        'ignore-abnormal',
        t('confirm.ignore-abnormal', { number: order.number }),
        () => orderActions.ignore(order.id),
        t('done.ignore-abnormal'),
      )}
      {AFTER_SALES_STATES.includes(order.state) && !order.abnormal ? (
        <Link
          className="button button-secondary order-link"
          to="/user/aftersalesorders"
          aria-label={t('buttons.after-sales-named', { number: order.number })}
        >
          {t('buttons.after-sales')}
        </Link>
      ) : null}
      {confirmed(
        'trash',
        t('confirm.trash', { number: order.number }),
        () => orderActions.trash(order.id),
        t('done.trash'),
        true,
      )}
    </div>
  );
}
