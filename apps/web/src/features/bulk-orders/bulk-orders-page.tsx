import { useState } from 'react';
import { ORDER_TABS, type OrderSummary, type OrderState } from '@dsm/contract';
import { Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { type BulkFilter, useBulkCounts, useBulkOrders } from './bulk-orders.api';
import './bulk-orders.css';

const STATE_COLOURS: Partial<Record<OrderState, string>> = {
  'awaiting-payment': 'orange',
  pending: 'blue',
  purchasing: 'geekblue',
  shipped: 'cyan',
  delivered: 'green',
};

/**
 * /user/bulkorders (decision 0090): the user's bulk orders (a price tier applied, or bought as a
 * bulk purchase) with the order list's tabs and counts. Amounts in USD, as the order was priced.
 */
export default function BulkOrdersPage() {
  const { t } = useTranslation('pricing');
  const lang = useSession((s) => s.lang);
  const usd = (amount: number) => formatMoney(amount, null, lang);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const [filter, setFilter] = useState<BulkFilter>({ tab: 'all', current: 1, size: 10 });
  const orders = useBulkOrders(filter);
  const counts = useBulkCounts();

  const columns: TableColumnsType<OrderSummary> = [
    { key: 'number', title: t('bulk.order'), render: (_, o) => <strong>{o.number}</strong> },
    {
      key: 'product',
      title: t('bulk.product'),
      render: (_, o) => (
        <span className="bulk-product">
          {o.firstLine?.title ?? '—'}
          {o.lineCount > 1 ? ` +${o.lineCount - 1}` : ''}
        </span>
      ),
    },
    { key: 'items', title: t('bulk.items'), align: 'right', render: (_, o) => o.itemCount },
    { key: 'total', title: t('bulk.total'), align: 'right', render: (_, o) => usd(o.total) },
    {
      key: 'state',
      title: t('bulk.state'),
      render: (_, o) => (
        <span>
          <Tag color={STATE_COLOURS[o.state]}>{t(`bulk.states.${o.state}`)}</Tag>
          {o.abnormal ? <Tag color="red">{t('bulk.abnormal')}</Tag> : null}
          {o.priceDifferenceDue ? (
            <Tag color="gold">{t('bulk.held', { amount: usd(o.priceDifferenceDue) })}</Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'created',
      title: t('bulk.created'),
      responsive: ['md'],
      render: (_, o) => date.format(new Date(o.createdAt)),
    },
  ];

  return (
    <div className="bulk-page">
      <div className="bulk-head">
        <div>
          <h1>{t('routes:bulkorders')}</h1>
          <p>{t('bulk.intro')}</p>
        </div>
      </div>
      <Tabs
        activeKey={filter.tab}
        onChange={(tab) => setFilter({ ...filter, tab: tab as BulkFilter['tab'], current: 1 })}
        items={ORDER_TABS.map((key) => ({
          key,
          label: counts.data ? `${t(`bulk.tabs.${key}`)} (${counts.data[key]})` : t(`bulk.tabs.${key}`),
        }))}
      />
      <Table<OrderSummary>
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.records ?? []}
        loading={orders.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('bulk.empty') }}
        pagination={{
          current: filter.current,
          pageSize: filter.size,
          total: orders.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, size) => setFilter({ ...filter, current, size }),
        }}
      />
    </div>
  );
}
