import { useState } from 'react';
import { INVENTORY_ORDER_STATES, type InventoryOrderState } from '@dsm/contract';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ApiResult, fieldErrorsOf } from '../../../lib/api';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { AdminPage } from '../shared/admin-page';
import {
  adminInventoryActions,
  useAdminInventoryOrders,
  useAdminStock,
  useInventorySettings,
  useRefreshAdminInventory,
} from './inventory-admin.api';

/** What a refusal says: the field messages of a validation error, else the message. */
const messageOf = (r: ApiResult<unknown>) =>
  r.success
    ? ''
    : fieldErrorsOf(r)
        .map((e) => e.message)
        .join(' ') || r.msg;

/**
 * /admin/inventory (issue 24): inventory orders to purchase and receive (also partly), every
 * owner's stock per warehouse with adjustments (a reason is required; the owner reads it in the
 * log), and the handling fee per unit charged instead of shipping.
 */
export default function InventoryAdminPage() {
  const { t } = useTranslation('inventory');
  return (
    <AdminPage title={t('routes:admin-inventory')} intro={t('admin.intro')}>
      <Tabs
        items={[
          { key: 'orders', label: t('admin.orders'), children: <OrdersTab /> },
          { key: 'stock', label: t('admin.stock'), children: <StockTab /> },
          { key: 'settings', label: t('admin.settings'), children: <SettingsTab /> },
        ]}
      />
    </AdminPage>
  );
}

type OrderRow = NonNullable<ReturnType<typeof useAdminInventoryOrders>['data']>['records'][number];

function OrdersTab() {
  const { t } = useTranslation('inventory');
  const lang = useSession((s) => s.lang);
  const [state, setState] = useState<InventoryOrderState | undefined>('to-be-purchased');
  const [page, setPage] = useState({ current: 1, size: 20 });
  const orders = useAdminInventoryOrders({ ...page, state });
  const refresh = useRefreshAdminInventory();
  const [receiving, setReceiving] = useState<OrderRow | null>(null);
  const [error, setError] = useState('');

  const purchase = async (id: string) => {
    const r = await adminInventoryActions.purchase(id);
    setError(messageOf(r));
    await refresh();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        allowClear
        aria-label={t('orders.state')}
        style={{ minWidth: 200 }}
        placeholder={t('tabs.all')}
        value={state}
        onChange={(v?: InventoryOrderState) => setState(v)}
        options={INVENTORY_ORDER_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
      />
      {error ? <Alert type="error" title={error} showIcon /> : null}
      <Table<OrderRow>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={orders.isFetching}
        dataSource={orders.data?.records ?? []}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: orders.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { key: 'number', title: t('orders.number'), render: (_, o) => <strong>{o.number}</strong> },
          { key: 'owner', title: t('admin.owner'), render: (_, o) => o.userEmail },
          {
            key: 'lines',
            title: t('orders.goods'),
            render: (_, o) => (
              <ul className="inv-lines">
                {o.lines.map((l) => (
                  <li key={`${l.skuId}-${l.warehouse}`}>
                    {l.skuCode} · {l.warehouse} · {t('orders.received', { received: l.received, quantity: l.quantity })}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'state',
            title: t('orders.state'),
            render: (_, o) => (
              <Space direction="vertical" size={4}>
                <Tag>{t(`states.${o.state}`)}</Tag>
                {/* Two-part orders (decision 0130): why a receipt waits for the owner's top-up. */}
                {o.deposit ? (
                  <Tag color={o.deposit.state === 'balance-held' ? 'orange' : 'blue'}>
                    {t(`deposit.states.${o.deposit.state}`, {
                      deposit: formatMoney(o.deposit.deposit, null, lang),
                      balance: formatMoney(o.deposit.balance, null, lang),
                    })}
                  </Tag>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, o) => (
              <Space>
                {o.state === 'to-be-purchased' ? (
                  <Button size="small" onClick={() => purchase(o.id)}>
                    {t('admin.purchase')}
                  </Button>
                ) : null}
                {(o.state === 'ready-to-stock' || o.state === 'in-stock') &&
                o.deposit?.state !== 'balance-held' &&
                o.lines.some((l) => l.received < l.quantity) ? (
                  <Button size="small" type="primary" onClick={() => setReceiving(o)}>
                    {t('admin.receive')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {receiving ? (
        <ReceiveDialog
          order={receiving}
          onClose={async () => {
            setReceiving(null);
            await refresh();
          }}
        />
      ) : null}
    </Space>
  );
}

function ReceiveDialog({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const open = order.lines.filter((l) => l.received < l.quantity);
  const [counts, setCounts] = useState<number[]>(open.map((l) => l.quantity - l.received));
  const [error, setError] = useState('');
  const save = async () => {
    const lines = open.map((l, i) => ({ skuId: l.skuId, quantity: counts[i] ?? 0 })).filter((l) => l.quantity > 0);
    const r = await adminInventoryActions.receive(order.id, lines);
    if (r.success) onClose();
    else setError(messageOf(r));
  };
  return (
    <Modal open title={t('admin.receive-title', { number: order.number })} onOk={save} onCancel={onClose}>
      {open.map((l, i) => (
        <Form.Item key={`${l.skuId}-${l.warehouse}`} label={`${l.skuCode} (${l.quantity - l.received})`}>
          <InputNumber
            min={0}
            max={l.quantity - l.received}
            precision={0}
            value={counts[i]}
            onChange={(v) => setCounts(counts.map((c, j) => (j === i ? Number(v ?? 0) : c)))}
          />
        </Form.Item>
      ))}
      {error ? <Alert type="error" title={error} showIcon /> : null}
    </Modal>
  );
}

type StockRow = NonNullable<ReturnType<typeof useAdminStock>['data']>['records'][number];

function StockTab() {
  const { t } = useTranslation('inventory');
  const [filter, setFilter] = useState<{ userEmail?: string; current: number; size: number }>({
    current: 1,
    size: 20,
  });
  const stock = useAdminStock(filter);
  const refresh = useRefreshAdminInventory();
  const [adjusting, setAdjusting] = useState<StockRow | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        style={{ maxWidth: 320 }}
        placeholder={t('admin.owner')}
        aria-label={t('admin.owner')}
        onSearch={(v) => setFilter({ ...filter, userEmail: v.trim(), current: 1 })}
      />
      <Table<StockRow>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={stock.isFetching}
        dataSource={stock.data?.records ?? []}
        pagination={{
          current: filter.current,
          pageSize: filter.size,
          total: stock.data?.total ?? 0,
          onChange: (current, size) => setFilter({ ...filter, current, size }),
        }}
        columns={[
          { key: 'owner', title: t('admin.owner'), render: (_, r) => r.userEmail },
          { key: 'sku', title: t('columns.sku'), render: (_, r) => `${r.skuCode} — ${r.prodName}` },
          { key: 'warehouse', title: t('columns.warehouse'), render: (_, r) => r.warehouseName },
          { key: 'total', title: t('columns.total'), align: 'right', render: (_, r) => r.total },
          { key: 'frozen', title: t('columns.frozen'), align: 'right', render: (_, r) => r.frozen },
          { key: 'available', title: t('columns.available'), align: 'right', render: (_, r) => r.available },
          { key: 'unreceived', title: t('columns.unreceived'), align: 'right', render: (_, r) => r.unreceived },
          {
            key: 'actions',
            title: '',
            render: (_, r) => (
              <Button size="small" onClick={() => setAdjusting(r)}>
                {t('admin.adjust')}
              </Button>
            ),
          },
        ]}
      />
      {adjusting ? (
        <AdjustDialog
          row={adjusting}
          onClose={async () => {
            setAdjusting(null);
            await refresh();
          }}
        />
      ) : null}
    </Space>
  );
}

function AdjustDialog({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const [delta, setDelta] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const save = async () => {
    const r = await adminInventoryActions.adjust(row.id, delta ?? 0, reason);
    if (r.success) onClose();
    else setError(messageOf(r));
  };
  return (
    <Modal
      open
      title={t('admin.adjust-title', { sku: row.skuCode, owner: row.userEmail })}
      onOk={save}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('admin.delta', { available: row.available })} required>
          <InputNumber precision={0} value={delta} onChange={(v) => setDelta(v === null ? null : Number(v))} />
        </Form.Item>
        <Form.Item label={t('admin.reason')} required>
          <Input.TextArea maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" title={error} showIcon /> : null}
    </Modal>
  );
}

function SettingsTab() {
  const { t } = useTranslation('inventory');
  const settings = useInventorySettings();
  // What the operator typed, over what the server has (null: not touched).
  const [edits, setEdits] = useState<Partial<Record<'handlingFeePerUnit' | 'depositFrom' | 'depositPercent', number>>>(
    {},
  );
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const value = (k: keyof typeof edits) => edits[k] ?? settings.data?.[k];
  const save = async () => {
    const r = await adminInventoryActions.save({
      handlingFeePerUnit: value('handlingFeePerUnit') ?? 0,
      depositFrom: value('depositFrom') ?? 0,
      depositPercent: value('depositPercent') ?? 30,
    });
    setMessage(r.success ? { ok: true, text: t('admin.saved') } : { ok: false, text: messageOf(r) });
    if (r.success) setEdits({});
    await settings.refetch();
  };
  const field = (
    k: keyof typeof edits,
    props: { max: number; precision: number; prefix?: string; suffix?: string },
  ) => (
    <InputNumber
      id={`inventory-${k}`}
      min={0}
      step={props.precision ? 0.01 : 1}
      {...props}
      value={value(k)}
      onChange={(v) => setEdits({ ...edits, [k]: v === null ? undefined : Number(v) })}
    />
  );
  return (
    <Form layout="vertical" style={{ maxWidth: 420 }}>
      <Form.Item label={t('admin.fee')} extra={t('admin.fee-help')} htmlFor="inventory-handlingFeePerUnit">
        {field('handlingFeePerUnit', { max: 100, precision: 2, prefix: '$' })}
      </Form.Item>
      <Form.Item label={t('admin.deposit-from')} extra={t('admin.deposit-from-help')} htmlFor="inventory-depositFrom">
        {field('depositFrom', { max: 1_000_000, precision: 2, prefix: '$' })}
      </Form.Item>
      <Form.Item
        label={t('admin.deposit-percent')}
        extra={t('admin.deposit-percent-help')}
        htmlFor="inventory-depositPercent"
      >
        {field('depositPercent', { max: 90, precision: 0, suffix: '%' })}
      </Form.Item>
      <Button type="primary" onClick={save}>
        {t('admin.save')}
      </Button>
      {message ? (
        <Alert style={{ marginTop: 12 }} type={message.ok ? 'success' : 'error'} title={message.text} />
      ) : null}
    </Form>
  );
}
