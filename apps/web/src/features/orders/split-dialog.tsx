import { useState } from 'react';
import type { OrderDetail, OrderLine, SplitOrderBody } from '@dsm/contract';
import { Alert, Button, InputNumber, Modal, Radio, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { specsText } from '../../components/orders/order-view';
import { toast } from '../../lib/toast';
import { splitOrder } from './orders.api';

type Mode = SplitOrderBody['mode'];

/**
 * Split an order awaiting payment (SPEC §4): by SKU (one order per line) or by selected items —
 * groups with a quantity per line, whatever is left forms one more order. The server checks the
 * quantities; its messages are listed here as they come (no second set of rules in the browser).
 */
export function SplitDialog({
  order,
  onClose,
  onDone,
}: {
  order: OrderDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('orders');
  const [mode, setMode] = useState<Mode>('by-sku');
  // groups[g][l]: how many of line l go to new order g.
  const [groups, setGroups] = useState<number[][]>(() => [order.lines.map(() => 0)]);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const rest = (l: number) => order.lines[l]!.quantity - groups.reduce((s, g) => s + (g[l] ?? 0), 0);
  const setQty = (g: number, l: number, q: number | null) =>
    setGroups((all) =>
      all.map((row, gi) => (gi === g ? row.map((v, li) => (li === l ? Math.max(0, Math.trunc(q ?? 0)) : v)) : row)),
    );

  async function submit() {
    const body: SplitOrderBody =
      mode === 'by-sku'
        ? { mode }
        : {
            mode,
            groups: groups.map((g) =>
              g.flatMap((q, l) => (q > 0 ? [{ lineId: order.lines[l]!.id, quantity: q }] : [])),
            ),
          };
    setSaving(true);
    const result = await splitOrder(order.id, body).finally(() => setSaving(false));
    if (result.success) {
      toast.success(
        t('split.done', {
          count: result.data.children.length,
          numbers: result.data.children.map((c) => c.number).join(', '),
        }),
      );
      onDone();
      return;
    }
    const details = Array.isArray(result.data)
      ? (result.data as Array<{ message?: string }>).map((d) => d.message).filter((m): m is string => Boolean(m))
      : [];
    setErrors([...new Set(details.length ? details : [result.msg])]);
  }

  const columns: TableColumnsType<OrderLine> = [
    {
      key: 'item',
      title: t('detail.item'),
      render: (_, l) => (
        <div>
          <div className="order-item-title">{l.title}</div>
          <div className="order-muted">{specsText(l.specs)}</div>
        </div>
      ),
    },
    { key: 'qty', title: t('split.ordered'), align: 'right', dataIndex: 'quantity' },
    ...groups.map((_, g) => ({
      key: `g${g}`,
      title: (
        <span className="split-group-head">
          {t('split.new-order', { n: g + 1 })}
          {groups.length > 1 ? (
            <Button
              size="small"
              type="link"
              onClick={() => setGroups((all) => all.filter((__, i) => i !== g))}
              aria-label={t('split.remove-group', { n: g + 1 })}
            >
              ×
            </Button>
          ) : null}
        </span>
      ),
      render: (__: unknown, l: OrderLine, li: number) => (
        <InputNumber
          size="small"
          min={0}
          max={l.quantity}
          precision={0}
          value={groups[g]![li]}
          onChange={(q) => setQty(g, li, q)}
          aria-label={t('split.quantity-label', { n: g + 1, title: l.title })}
          style={{ width: 72 }}
        />
      ),
    })),
    {
      key: 'rest',
      title: t('split.rest'),
      align: 'right' as const,
      render: (_: unknown, __: OrderLine, li: number) => <span data-testid={`split-rest-${li}`}>{rest(li)}</span>,
    },
  ];

  return (
    <Modal
      open
      title={t('split.title', { number: order.number })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('split.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      width={760}
      destroyOnHidden
    >
      <Radio.Group
        value={mode}
        onChange={(e) => {
          setMode(e.target.value as Mode);
          setErrors([]);
        }}
        options={[
          { value: 'by-sku', label: t('split.by-sku') },
          { value: 'items', label: t('split.by-items') },
        ]}
      />
      <p className="order-muted split-hint">
        {mode === 'by-sku' ? t('split.by-sku-hint', { count: order.lines.length }) : t('split.by-items-hint')}
      </p>
      {errors.length ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="order-alert"
          title={
            errors.length === 1 ? (
              errors[0]
            ) : (
              <ul className="split-errors">
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            )
          }
        />
      ) : null}
      {mode === 'items' ? (
        <>
          <Table<OrderLine>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={order.lines}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
          <Button
            className="split-add"
            onClick={() => setGroups((all) => [...all, order.lines.map(() => 0)])}
            disabled={groups.length >= 20}
          >
            {t('split.add-group')}
          </Button>
        </>
      ) : null}
    </Modal>
  );
}
