import { useState } from 'react';
import type { StoreOrderRow } from '@dsm/contract';
import { Alert, Button, Checkbox, Pagination, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { toast } from '../../lib/toast';
import { useNarrow } from '../../lib/use-narrow';
import { StoreOrderActions, canRestore, canTrash } from './store-order-actions';
import { OrderCell, ProductsCell, StateCell, SyncCell, TotalCell, numberId } from './store-order-cells';
import { StoreOrderLines } from './store-order-lines';
import { type StoreOrderFilters, storeOrderActions, useRefreshStoreOrders, useStoreOrders } from './store-orders.api';
import { hasFilters } from './store-order-filters';

export type ListTab = 'unrelated' | 'related' | 'trash' | 'abnormal';

/**
 * One store tab's orders: a table from 768 px, a card per order below (decision 0108's width), the
 * lines of an order shown in place when opened, rows selected for a batch delete (or restore in
 * the draft box), paging by the server.
 */
export function StoreOrdersList({ tab, filters }: { tab: ListTab; filters: StoreOrderFilters }) {
  const { t } = useTranslation('store-orders');
  const wide = !useNarrow();
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<string[]>([]);
  const list = useStoreOrders({ tab, ...filters, ...paging });
  const refresh = useRefreshStoreOrders();
  const rows = list.data?.records ?? [];
  const allowed = tab === 'trash' ? canRestore : canTrash;
  const toggle = (id: string) => setOpen((o) => (o.includes(id) ? o.filter((x) => x !== id) : [...o, id]));
  const pick = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));

  async function batch() {
    const ids = selected;
    const result = tab === 'trash' ? await storeOrderActions.restore(ids) : await storeOrderActions.trash(ids);
    if (result.success) {
      const count = result.data.ids.length;
      toast.success(tab === 'trash' ? t('actions.restored', { count }) : t('actions.trashed-many', { count }));
      setSelected([]);
    }
    await refresh();
  }

  const bar = (
    <div className="so-bar">
      <span className="so-muted" aria-live="polite">
        {t('list.selected', { count: selected.length })}
      </span>
      {tab === 'trash' ? (
        <Button type="primary" disabled={selected.length === 0} onClick={() => void batch()}>
          {t('actions.restore-selected')}
        </Button>
      ) : (
        <Popconfirm
          title={t('actions.trash-selected-confirm', { count: selected.length })}
          okText={t('actions.confirm')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          disabled={selected.length === 0}
          onConfirm={() => batch()}
        >
          <Button danger disabled={selected.length === 0}>
            {t('actions.trash-selected')}
          </Button>
        </Popconfirm>
      )}
    </div>
  );

  const empty = (
    <EmptyState
      text={hasFilters(filters) ? t('empty.filtered') : t(`empty.${tab}`)}
      hint={tab === 'trash' ? undefined : t('empty.hint')}
      action={
        tab === 'trash' ? undefined : (
          <Link className="button button-secondary" to="/user/shopify">
            {t('empty.connect-store')}
          </Link>
        )
      }
    />
  );

  const columns: TableColumnsType<StoreOrderRow> = [
    {
      key: 'order',
      title: t('list.order'),
      // The state sits under the order: a column of its own made the table too wide at 1280 px in French.
      render: (_, o) => (
        <>
          <OrderCell order={o} />
          <StateCell order={o} />
        </>
      ),
    },
    {
      key: 'lines',
      title: t('list.lines'),
      render: (_, o) => <ProductsCell order={o} open={open.includes(o.id)} onToggle={() => toggle(o.id)} />,
    },
    { key: 'total', title: t('list.total'), align: 'right', render: (_, o) => <TotalCell order={o} /> },
    { key: 'sync', title: t('list.sync'), render: (_, o) => <SyncCell order={o} /> },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, o) => <StoreOrderActions order={o} describedBy={numberId(o)} />,
    },
  ];

  const cards = (
    <ul className="so-cards">
      {rows.map((o) => (
        <li key={o.id}>
          <article className="so-card" aria-labelledby={numberId(o)}>
            <div className="so-card-head">
              <Checkbox
                checked={selected.includes(o.id)}
                disabled={!allowed(o)}
                onChange={(e) => pick(o.id, e.target.checked)}
                aria-label={t('list.select', { number: o.number })}
              />
              <OrderCell order={o} />
              <TotalCell order={o} />
            </div>
            <StateCell order={o} />
            <ProductsCell order={o} open={open.includes(o.id)} onToggle={() => toggle(o.id)} />
            {open.includes(o.id) ? <StoreOrderLines id={o.id} /> : null}
            <SyncCell order={o} />
            <StoreOrderActions order={o} describedBy={numberId(o)} />
          </article>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="so-list">
      {bar}
      {list.isError ? <Alert type="error" showIcon title={t('list.load-failed')} /> : null}
      {wide ? (
        <div className="so-table-frame" role="region" aria-label={t('list.frame')} tabIndex={0}>
          <Table<StoreOrderRow>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={list.isFetching && !list.data}
            tableLayout="auto"
            locale={{ emptyText: empty }}
            expandable={{
              expandedRowKeys: open,
              showExpandColumn: false,
              expandedRowRender: (o) => <StoreOrderLines id={o.id} />,
            }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as string[]),
              getCheckboxProps: (o) => ({
                disabled: !allowed(o),
                'aria-label': t('list.select', { number: o.number }),
              }),
            }}
            pagination={false}
          />
        </div>
      ) : rows.length ? (
        cards
      ) : list.data ? (
        empty
      ) : null}
      <Pagination
        className="so-paging"
        current={paging.current}
        pageSize={paging.size}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger
        onChange={(current, size) => {
          setSelected([]);
          setPaging({ current, size });
        }}
      />
    </div>
  );
}
