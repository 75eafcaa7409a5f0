import { useState } from 'react';
import { INVENTORY_ORDER_STATES, type InventoryOrder, type InventoryOrderState } from '@dsm/contract';
import { Button, Popconfirm, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { leaveSite } from '../../lib/navigation';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { BuyIntoInventory, parseBuy } from './buy-into-inventory';
import { inventoryActions, useInventoryOrders, useRefreshInventory } from './inventory.api';
import './inventory.css';

const COLOURS: Record<InventoryOrderState, string> = {
  'awaiting-payment': 'orange',
  'to-be-purchased': 'blue',
  'ready-to-stock': 'geekblue',
  'in-stock': 'green',
  cancelled: 'default',
};

type Tab = InventoryOrderState | 'all';

/**
 * /user/inventoryorders (SPEC §4): the owner's orders into inventory — "to be purchased", "ready
 * to stock", "in stock" (received, also partly: each line says how much arrived) — paid like any
 * order, cancellable until the operator has bought the goods (the money back to the wallet).
 * With `?buy=…` it opens the "buy into inventory" panel first.
 */
export default function InventoryOrdersPage() {
  const { t } = useTranslation('inventory');
  const lang = useSession((s) => s.lang);
  const usd = (amount: number) => formatMoney(amount, null, lang);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const orders = useInventoryOrders({ ...page, state: tab === 'all' ? undefined : tab });
  const refresh = useRefreshInventory();
  // ?buy=prodId:skuId:count,… : lines handed over by the product page or the cart.
  const [params] = useSearchParams();
  const wanted = parseBuy(params.get('buy'));

  const payDeposit = async (id: string) => {
    const result = await inventoryActions.payDeposit(id);
    if (result.success) await refresh();
  };
  // By PayPal (decision 0140): off to PayPal's page; back on /user/paystate, which follows the payment.
  const navigate = useNavigate();
  const payDepositPayPal = async (id: string) => {
    const result = await inventoryActions.payDepositPayPal(id);
    if (!result.success) return;
    if (result.data.approveUrl) leaveSite.to(result.data.approveUrl);
    else void navigate(`/user/paystate?payment=${encodeURIComponent(result.data.id)}`);
  };
  const cancel = async (id: string) => {
    const result = await inventoryActions.cancel(id);
    if (result.success) await refresh();
  };

  const columns: TableColumnsType<InventoryOrder> = [
    {
      key: 'number',
      title: t('orders.number'),
      render: (_, o) => (
        <span>
          <strong>{o.number}</strong>
          <br />
          <span className="inv-muted">{date.format(new Date(o.createdAt))}</span>
        </span>
      ),
    },
    {
      key: 'lines',
      title: t('orders.goods'),
      render: (_, o) => (
        <ul className="inv-lines">
          {o.lines.map((l) => (
            <li key={`${l.skuId}-${l.warehouse}`}>
              {l.skuCode} · {l.title} · {l.warehouse} ·{' '}
              {t('orders.received', { received: l.received, quantity: l.quantity })}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'total',
      title: t('orders.total'),
      align: 'right',
      render: (_, o) => (
        <span>
          {usd(o.total)}
          <br />
          <span className="inv-muted">{t('orders.fee', { fee: usd(o.handlingFee) })}</span>
          {o.deposit ? (
            <>
              <br />
              <Tag color={o.deposit.state === 'balance-held' ? 'orange' : 'blue'} className="inv-deposit-state">
                {t(`deposit.states.${o.deposit.state}`, {
                  deposit: usd(o.deposit.deposit),
                  balance: usd(o.deposit.balance),
                })}
              </Tag>
            </>
          ) : null}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('orders.state'),
      render: (_, o) => <Tag color={COLOURS[o.state]}>{t(`states.${o.state}`)}</Tag>,
    },
    {
      key: 'actions',
      title: '',
      render: (_, o) => (
        <span className="inv-actions">
          {o.state === 'awaiting-payment' ? (
            <Link to={`/user/paymentorder?orders=${encodeURIComponent(o.id)}`}>{t('orders.pay')}</Link>
          ) : null}
          {o.state === 'awaiting-payment' && o.deposit?.state === 'offered' ? (
            <Popconfirm
              title={t('deposit.pay-confirm', { deposit: usd(o.deposit.deposit) })}
              description={<p className="inv-deposit-rules">{t('deposit.rules')}</p>}
              onConfirm={() => payDeposit(o.id)}
            >
              <Button size="small" type="primary">
                {t('deposit.pay')}
              </Button>
            </Popconfirm>
          ) : null}
          {o.state === 'awaiting-payment' && o.deposit?.state === 'offered' ? (
            <Popconfirm
              title={t('deposit.pay-paypal-confirm', { deposit: usd(o.deposit.deposit) })}
              description={<p className="inv-deposit-rules">{t('deposit.rules')}</p>}
              onConfirm={() => payDepositPayPal(o.id)}
            >
              <Button size="small">{t('deposit.pay-paypal')}</Button>
            </Popconfirm>
          ) : null}
          {o.cancellable ? (
            <Popconfirm title={t('orders.cancel-confirm')} onConfirm={() => cancel(o.id)}>
              <Button size="small">{t('orders.cancel')}</Button>
            </Popconfirm>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <div className="inv-page">
      <div className="inv-head">
        <div>
          <h1>{t('routes:inventoryorders')}</h1>
          <p>{t('orders.intro')}</p>
        </div>
        <Link to="/user/myinventory">{t('routes:myinventory')}</Link>
      </div>
      {wanted.length ? <BuyIntoInventory key={params.get('buy')} wanted={wanted} /> : null}
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setPage({ ...page, current: 1 });
        }}
        items={(['all', ...INVENTORY_ORDER_STATES] as Tab[]).map((key) => ({ key, label: t(`tabs.${key}`) }))}
      />
      <Table<InventoryOrder>
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.records ?? []}
        loading={orders.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('orders.empty') }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: orders.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
    </div>
  );
}
