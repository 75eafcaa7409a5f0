import { useState } from 'react';
import type { OrderDetail, OrderEvent, OrderState } from '@dsm/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { RaisePriceDifferenceDialog } from '../price-differences/raise-price-difference-dialog';
import { useConfirm } from '../shared/confirm';
import { OrderStepDialog, type StepDialogKind } from './order-step-dialog';
import { adminOrderActions, useRefreshAdminOrders } from './orders.api';

/** A step that moves the order to another state (another filter of the console's list). */
export type OrderStep = 'purchase' | 'ship' | 'deliver' | 'mark-abnormal';
/** Where an order goes after a step, when the answer does not say (its state machine). */
const NEXT: Record<OrderStep, OrderState | 'abnormal'> = {
  purchase: 'purchasing',
  ship: 'shipped',
  deliver: 'delivered',
  'mark-abnormal': 'abnormal',
};
/** The rarer events: in a list row they sit in a "More" menu, so the row stays narrow. */
const SECONDARY: OrderEvent[] = ['raise-price-difference', 'mark-abnormal', 'update-tracking'];

export interface AdminOrderActionsProps {
  order: {
    id: string;
    number: string;
    actions: OrderEvent[];
    shippingMethodName?: string;
    carrier?: string | null;
    trackingNumber?: string | null;
  };
  /**
   * The id of the element that names the order (its number in the row or card): each button's
   * name is its visible text, and this tells a screen reader which order it acts on.
   */
  describedBy?: string;
  /** A list row: the rarer events in a menu instead of buttons. */
  compact?: boolean;
  /** After a step moved the order: where it went (a state, or `abnormal`). */
  onMoved?: (step: OrderStep, to: OrderState | 'abnormal') => void;
}

/**
 * The operator's buttons for one order: only the events the server lists in `actions`. Purchase
 * and deliver ask first; ship asks for the carrier (prefilled with the order's shipping method)
 * and tracking number, mark abnormal for the reason the user will read. A refusal (someone moved
 * the order meanwhile) shows the server's words.
 */
export function AdminOrderActions({ order, describedBy, compact = false, onMoved }: AdminOrderActionsProps) {
  const { t } = useTranslation('orders');
  const [confirm, holder] = useConfirm();
  const refresh = useRefreshAdminOrders();
  const [dialog, setDialog] = useState<StepDialogKind | null>(null);
  const [raising, setRaising] = useState(false);
  const can = (e: OrderEvent) => order.actions.includes(e);

  async function simple(event: 'purchase' | 'deliver') {
    if (!(await confirm({ title: t(`admin.confirm-${event}`, { number: order.number }) }))) return;
    const result = await adminOrderActions[event](order.id);
    if (result.success) moved(event, result.data);
    await refresh();
  }

  /** The page shows where the order went (onMoved); alone (no page listening) a toast says it. */
  function moved(step: OrderStep, answer: OrderDetail | null | undefined) {
    const to = answer?.state ? (answer.abnormal ? 'abnormal' : answer.state) : NEXT[step];
    if (onMoved) onMoved(step, to);
    else toast.success(t(`admin.done-${step === 'mark-abnormal' ? 'abnormal' : step}`, { number: order.number }));
  }

  const handlers: Partial<Record<OrderEvent, () => void>> = {
    purchase: () => void simple('purchase'),
    ship: () => setDialog('ship'),
    deliver: () => void simple('deliver'),
    'raise-price-difference': () => setRaising(true),
    'mark-abnormal': () => setDialog('abnormal'),
    'update-tracking': () => setDialog('tracking'),
  };
  const style: Partial<Record<OrderEvent, { primary?: boolean; danger?: boolean }>> = {
    purchase: { primary: true },
    ship: { primary: true },
    deliver: { primary: true },
    'mark-abnormal': { danger: true },
  };
  const shown = (
    ['purchase', 'ship', 'deliver', 'update-tracking', 'raise-price-difference', 'mark-abnormal'] as OrderEvent[]
  ).filter((e) => can(e) && handlers[e]);
  const inMenu = compact ? shown.filter((e) => SECONDARY.includes(e)) : [];

  // Each button's accessible name is its visible text (what a voice-control user says); the order
  // it acts on comes from `describedBy` (the row's number) or the dialog around it (the drawer).
  return (
    <>
      {holder}
      {shown
        .filter((e) => !inMenu.includes(e))
        .map((e) => (
          <Button
            key={e}
            size="small"
            type={style[e]?.primary ? 'primary' : 'default'}
            danger={style[e]?.danger}
            onClick={handlers[e]}
            aria-describedby={describedBy}
          >
            {t(`admin.${e}`)}
          </Button>
        ))}
      {inMenu.length ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: inMenu.map((e) => ({ key: e, label: t(`admin.${e}`), danger: style[e]?.danger })),
            onClick: ({ key }) => handlers[key as OrderEvent]?.(),
          }}
        >
          <Button size="small" aria-describedby={describedBy}>
            {t('admin.more')}
          </Button>
        </Dropdown>
      ) : null}
      {raising ? (
        <RaisePriceDifferenceDialog
          order={order}
          onClose={(raised) => {
            setRaising(false);
            if (raised) void refresh();
          }}
        />
      ) : null}
      {dialog ? (
        <OrderStepDialog
          kind={dialog}
          order={order}
          onClose={() => setDialog(null)}
          onDone={(answer) => {
            setDialog(null);
            // A corrected tracking keeps the order where it is: only a notice.
            if (dialog === 'tracking') toast.success(t('admin.done-tracking', { number: order.number }));
            else moved(dialog === 'ship' ? 'ship' : 'mark-abnormal', answer);
            void refresh();
          }}
        />
      ) : null}
    </>
  );
}
