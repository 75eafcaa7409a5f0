import { type ReactNode, useState } from 'react';
import { ORDER_TABS, type OrderSummary, type OrderTab } from '@dsm/contract';
import { Alert, Button, Grid, Table, Tabs, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OrderStateTag, formatOrderTime, specsText } from '../../components/orders/order-view';
import { EmptyState } from '../../components/ui/empty-state';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { OrderActions, payLink } from './order-actions';
import { OrderDrawer } from './order-drawer';
import { orderActions, useOrderCounts, useOrders, useRefreshOrders } from './orders.api';
import './orders.css';

const isTab = (v: string | null): v is OrderTab => (ORDER_TABS as readonly string[]).includes(v ?? '');

/**
 * Tabs another screen adds before the SPEC §4 order tabs, with their own content: the store
 * orders' "unrelated" and "related" (issue 21). Features do not import each other, so the app's
 * page passes them in (`app/pages/store-order-page.tsx`).
 */
export interface LeadTabs {
  keys: readonly string[];
  /** The tab's label with its count. */
  label: (key: string) => ReactNode;
  panel: (key: string) => ReactNode;
  /** Shown below a tab's own list (the store orders in the draft box, the abnormal ones). */
  below?: Partial<Record<OrderTab, ReactNode>>;
  /** Added to a tab's count (the rows `below` shows). */
  extraCount?: Partial<Record<OrderTab, number>>;
}

/**
 * /user/storeorder (SPEC §2 "order to /user/storeorder"; decision 0087): the user's orders by the
 * SPEC §4 tabs with their counts, the buttons the server allows per row, batch restore in the
 * draft box and "pay selected" among the unpaid, the detail in a drawer (`?order=<id>`). Store
 * orders (issue 11) join as rows with `source: 'store'` and, later, a tab of their own.
 */
export default function OrdersPage({ lead }: { lead?: LeadTabs } = {}) {
  const { t } = useTranslation('orders');
  const money = useMoney();
  const lang = useSession((s) => s.lang);
  const [params, setParams] = useSearchParams();
  const leadTab = lead?.keys.includes(params.get('tab') ?? '') ? params.get('tab') : null;
  const tab: OrderTab = isTab(params.get('tab')) ? (params.get('tab') as OrderTab) : 'all';
  const opened = params.get('order');
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [splitting, setSplitting] = useState(false);
  // A lead tab shows its own list: the orders of the default tab are not fetched behind it.
  const list = useOrders({ tab, ...paging }, !leadTab);
  const counts = useOrderCounts();
  const refresh = useRefreshOrders();
  const selectable = tab === 'trash' || tab === 'awaiting-payment';
  // On a phone a fixed Actions column would cover the order itself: it scrolls with the rest.
  const wide = Grid.useBreakpoint().md ?? true;

  const change = (next: Record<string, string | null>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next))
        if (v === null) out.delete(k);
        else out.set(k, v);
      return out;
    });
  const open = (id: string, split = false) => {
    setSplitting(split);
    change({ order: id });
  };

  async function restoreSelected() {
    const result = await orderActions.restore(selected);
    if (result.success) {
      toast.success(t('list.restored', { count: result.data.restored.length }));
      setSelected([]);
    }
    await refresh();
  }

  const columns: TableColumnsType<OrderSummary> = [
    {
      key: 'order',
      title: t('list.order'),
      render: (_, o) => (
        <div className="orders-order">
          {o.firstLine?.image ? (
            <img src={o.firstLine.image} alt="" width={48} height={48} loading="lazy" />
          ) : (
            <span className="order-item-pic" />
          )}
          <div>
            <Button
              type="link"
              className="orders-number"
              onClick={() => open(o.id)}
              aria-label={t('list.open', { number: o.number })}
            >
              {o.number}
            </Button>
            {o.firstLine ? <div>{o.firstLine.title}</div> : null}
            <div className="order-muted">
              {[
                o.firstLine ? specsText(o.firstLine.specs) : '',
                o.lineCount > 1 ? t('list.more-lines', { count: o.lineCount - 1 }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </div>
          </div>
        </div>
      ),
    },
    {
      key: 'state',
      title: t('list.state'),
      render: (_, o) => (
        <div>
          <OrderStateTag state={o.state} abnormal={o.abnormal} />
          <div className="order-muted">{formatOrderTime(o.createdAt, lang)}</div>
          {o.trackingNumber ? (
            <div className="order-muted">{`${o.carrier ?? ''} ${o.trackingNumber}`.trim()}</div>
          ) : null}
        </div>
      ),
    },
    { key: 'items', title: t('list.items'), align: 'right', dataIndex: 'itemCount' },
    { key: 'total', title: t('list.total'), align: 'right', render: (_, o) => <strong>{money(o.total)}</strong> },
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: wide ? 'end' : undefined,
      render: (_, o) => <OrderActions order={o} onSplit={() => open(o.id, true)} />,
    },
  ];

  const count = (k: OrderTab) => {
    const own = counts.data?.[k];
    const extra = lead?.extraCount?.[k];
    return own !== undefined && extra !== undefined ? own + extra : own;
  };
  /** The marketplace orders of one SPEC §4 tab: hint, batch bar, table. */
  const ordersOf = () => (
    <>
      {tab === 'trash' ? <p className="order-muted">{t('list.trash-hint')}</p> : null}
      {tab === 'abnormal' ? <p className="order-muted">{t('list.abnormal-hint')}</p> : null}
      {selectable ? (
        <div className="orders-bar">
          <span className="order-muted">{t('list.selected', { count: selected.length })}</span>
          {tab === 'trash' ? (
            <Button type="primary" disabled={selected.length === 0} onClick={() => void restoreSelected()}>
              {t('list.restore-selected')}
            </Button>
          ) : (
            <Link
              className="button button-primary order-pay-selected"
              to={payLink(selected)}
              aria-disabled={selected.length === 0}
              onClick={(e) => {
                if (selected.length) return;
                e.preventDefault();
                toast.warning(t('list.select-first'));
              }}
            >
              {t('list.pay-selected')}
            </Link>
          )}
        </div>
      ) : null}
      {list.isError ? <Alert type="error" showIcon title={t('list.load-failed')} /> : null}
      <Table<OrderSummary>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <EmptyState
              text={t(`empty.${tab}`)}
              hint={tab === 'all' ? t('list.empty-hint') : undefined}
              action={
                <Link className="button button-primary" to="/goodslist">
                  {t('list.browse')}
                </Link>
              }
            />
          ),
        }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                getCheckboxProps: (o) => ({
                  disabled: !o.actions.includes(tab === 'trash' ? 'restore' : 'pay'),
                  'aria-label': t('list.select', { number: o.number }),
                }),
              }
            : undefined
        }
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          hideOnSinglePage: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </>
  );
  return (
    <section className="orders-page">
      <h1>{t('list.title')}</h1>
      <Tabs
        className="orders-tabs"
        activeKey={leadTab ?? tab}
        onChange={(k) => {
          setSelected([]);
          setPaging((p) => ({ ...p, current: 1 }));
          change({ tab: k === 'all' ? null : k });
        }}
        items={[
          ...(lead?.keys ?? []).map((k) => ({
            key: k,
            label: <span data-testid={`tab-${k}`}>{lead!.label(k)}</span>,
          })),
          ...ORDER_TABS.map((k) => ({
            key: k,
            label: (
              <span data-testid={`tab-${k}`}>
                {t(`tabs.${k}`)}
                {count(k) !== undefined ? ` (${count(k)})` : ''}
              </span>
            ),
          })),
        ]}
      />
      {leadTab ? lead!.panel(leadTab) : ordersOf()}
      {leadTab ? null : lead?.below?.[tab]}
      {opened ? (
        <OrderDrawer
          id={opened}
          splitting={splitting}
          onSplit={setSplitting}
          onOpen={(id) => open(id)}
          onClose={() => {
            setSplitting(false);
            change({ order: null });
          }}
        />
      ) : null}
    </section>
  );
}
