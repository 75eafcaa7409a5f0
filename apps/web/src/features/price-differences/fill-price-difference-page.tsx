import { useState } from 'react';
import type { PriceDifference } from '@dsm/contract';
import { Alert, Button, Popconfirm, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import {
  type DifferenceFilter,
  STATE_COLOURS,
  usePayPriceDifference,
  usePriceDifferences,
  useWalletForDifferences,
} from '../../lib/price-differences';
import './price-differences.css';

const TABS = ['all', 'due', 'paid', 'cancelled'] as const;

/**
 * /user/fillpricedifference (decision 0089): the price differences asked of the user, due first,
 * with the wallet balance and a Pay button; an order waits until its difference is paid. Money is
 * shown in USD, the currency the wallet pays in.
 */
export default function FillPriceDifferencePage() {
  const { t } = useTranslation('pricing');
  const lang = useSession((s) => s.lang);
  const usd = (amount: number) => formatMoney(amount, null, lang);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const [filter, setFilter] = useState<DifferenceFilter>({ state: 'all', current: 1, size: 10 });
  const list = usePriceDifferences(filter);
  const wallet = useWalletForDifferences();
  const pay = usePayPriceDifference();
  const [paying, setPaying] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ short: boolean; msg: string } | null>(null);
  const spendable = wallet.data ? wallet.data.balance + wallet.data.bonus : null;

  async function payOne(d: PriceDifference) {
    setPaying(d.id);
    const result = await pay(d.id).finally(() => setPaying(null));
    if (result.success) {
      setProblem(null);
      toast.success(t('fill.paid', { number: d.orderNumber }));
    } else {
      setProblem({ short: result.reason === 'insufficient-balance', msg: result.msg });
    }
  }

  const columns: TableColumnsType<PriceDifference> = [
    { key: 'order', title: t('fill.order'), render: (_, d) => <strong>{d.orderNumber}</strong> },
    { key: 'amount', title: t('fill.amount'), align: 'right', render: (_, d) => usd(d.amount) },
    { key: 'reason', title: t('fill.reason'), render: (_, d) => <span className="pricing-reason">{d.reason}</span> },
    {
      key: 'state',
      title: t('fill.state'),
      render: (_, d) => <Tag color={STATE_COLOURS[d.state]}>{t(`states.${d.state}`)}</Tag>,
    },
    {
      key: 'created',
      title: t('fill.created'),
      responsive: ['md'],
      render: (_, d) => date.format(new Date(d.createdAt)),
    },
    {
      key: 'action',
      title: t('fill.action'),
      render: (_, d) =>
        d.state === 'due' ? (
          <Popconfirm
            title={t('fill.confirm', { amount: usd(d.amount), number: d.orderNumber })}
            onConfirm={() => void payOne(d)}
            okText={t('fill.pay')}
          >
            <Button
              type="primary"
              size="small"
              loading={paying === d.id}
              aria-label={t('fill.pay-label', { number: d.orderNumber })}
            >
              {t('fill.pay')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <div className="pricing-page">
      <div className="pricing-head">
        <div>
          <h1>{t('routes:fillpricedifference')}</h1>
          <p>{t('fill.intro')}</p>
        </div>
        <span className="pricing-balance">
          <span>{t('fill.balance', { amount: spendable === null ? '…' : usd(spendable) })}</span>
          <Link to="/user/recharge">{t('fill.recharge')}</Link>
        </span>
      </div>
      {problem ? (
        <Alert
          className="pricing-alert"
          type="warning"
          showIcon
          closable
          onClose={() => setProblem(null)}
          title={problem.short ? t('fill.short') : problem.msg}
          description={problem.short ? problem.msg : undefined}
          action={
            problem.short ? (
              <Link to="/user/recharge">
                <Button size="small">{t('fill.recharge')}</Button>
              </Link>
            ) : undefined
          }
        />
      ) : null}
      <Tabs
        activeKey={filter.state}
        onChange={(state) => setFilter({ ...filter, state: state as DifferenceFilter['state'], current: 1 })}
        items={TABS.map((key) => ({ key, label: t(`fill.tabs.${key}`) }))}
      />
      <Table<PriceDifference>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isPending}
        // On a phone the table scrolls in its own box instead of widening the page.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('fill.empty') }}
        pagination={{
          current: filter.current,
          pageSize: filter.size,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, size) => setFilter({ ...filter, current, size }),
        }}
      />
    </div>
  );
}
