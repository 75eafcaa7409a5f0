import type { AffiliateOrder } from '@dsm/contract';
import { Alert, Button, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { exportUrl, percentText, useAffiliateDashboard, useAffiliateMe, useJoin } from './affiliates.api';
import { MonthlyBars } from './monthly-bars';
import './affiliates.css';

/**
 * /user/affiliate (issue 26, decision 0128): join the programme, the link and code to share, the
 * dashboard (clicks, sign-ups, referred users' paid orders by masked name, commission by state and
 * by month) and the export.
 */
export default function AffiliatePage() {
  const { t } = useTranslation('affiliates');
  const lang = useSession((s) => s.lang);
  const money = useMoney();
  const me = useAffiliateMe();
  const joined = Boolean(me.data?.joined);
  const dash = useAffiliateDashboard(joined);
  const join = useJoin();
  const [joining, setJoining] = useState(false);

  const link = me.data?.link ? `${window.location.origin}${me.data.link}` : '';
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copy-failed'));
    }
  };
  const monthFormat = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const monthName = (m: string) => monthFormat.format(new Date(`${m}-01T00:00:00Z`));
  const dayFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const terms = me.data?.terms;

  const columns: TableColumnsType<AffiliateOrder> = [
    {
      key: 'paidAt',
      dataIndex: 'paidAt',
      title: t('orders.paidAt'),
      render: (v: string) => dayFormat.format(new Date(v)),
    },
    { key: 'referred', dataIndex: 'referred', title: t('orders.referred') },
    { key: 'orderNumber', dataIndex: 'orderNumber', title: t('orders.order') },
    { key: 'goods', dataIndex: 'goods', title: t('orders.goods'), align: 'end', render: (v: number) => money(v) },
    {
      key: 'commission',
      dataIndex: 'commission',
      title: t('orders.commission'),
      align: 'end',
      render: (v: number) => money(v),
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('orders.state'),
      render: (s: AffiliateOrder['state'], o) => (
        <Tag color={s === 'paid' ? 'green' : s === 'pending' ? 'gold' : s === 'available' ? 'blue' : 'default'}>
          {t(`states.${s}`)}
          {s === 'pending' ? ` · ${dayFormat.format(new Date(o.availableAt))}` : ''}
        </Tag>
      ),
    },
  ];

  if (me.isError) return <Alert type="error" showIcon title={me.error.message} />;
  return (
    <div className="affiliate-page">
      <h1>{t('title')}</h1>
      {terms ? (
        <p className="affiliate-terms" data-testid="affiliate-terms">
          {t('terms', {
            rate: percentText(terms.rateBasisPoints, lang),
            months: terms.periodMonths,
            days: terms.holdDays,
            payout: t(`payout.${terms.payout}`),
          })}
        </p>
      ) : null}
      {me.data && !joined ? (
        <Button
          type="primary"
          loading={joining}
          disabled={!terms?.enabled}
          onClick={async () => {
            setJoining(true);
            await join();
            setJoining(false);
          }}
        >
          {t('join')}
        </Button>
      ) : null}
      {me.data?.state === 'suspended' ? (
        <Alert type="warning" showIcon title={t('suspended', { reason: me.data.suspendedReason })} />
      ) : null}
      {joined && me.data ? (
        <section className="affiliate-share" aria-labelledby="affiliate-share-title">
          <h2 id="affiliate-share-title">{t('share.title')}</h2>
          <label htmlFor="affiliate-link">{t('share.link')}</label>
          <Space.Compact className="affiliate-copy">
            <Input id="affiliate-link" readOnly value={link} data-testid="affiliate-link" />
            <Button onClick={() => void copy(link)}>{t('share.copy-link')}</Button>
          </Space.Compact>
          <label htmlFor="affiliate-code">{t('share.code')}</label>
          <Space.Compact className="affiliate-copy">
            <Input id="affiliate-code" readOnly value={me.data.code ?? ''} data-testid="affiliate-code" />
            <Button onClick={() => void copy(me.data!.code ?? '')}>{t('share.copy-code')}</Button>
          </Space.Compact>
          <p className="affiliate-hint">{t('share.hint')}</p>
        </section>
      ) : null}
      {joined && dash.data ? (
        <>
          <dl className="affiliate-figures">
            {(['clicks', 'signUps', 'orders'] as const).map((k) => (
              <div key={k}>
                <dt>{t(`figures.${k}`)}</dt>
                <dd data-testid={`affiliate-${k}`}>{dash.data[k]}</dd>
              </div>
            ))}
            {(['pending', 'available', 'paid'] as const).map((k) => (
              <div key={k}>
                <dt>{t(`figures.${k}`)}</dt>
                <dd data-testid={`affiliate-${k}`}>{money(dash.data[k])}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="affiliate-chart-title">
            <h2 id="affiliate-chart-title">{t('chart')}</h2>
            <MonthlyBars months={dash.data.months} money={money} monthName={monthName} label={t('chart')} />
          </section>
          <section aria-labelledby="affiliate-orders-title">
            <div className="affiliate-section-head">
              <h2 id="affiliate-orders-title">{t('orders.title')}</h2>
              <Space>
                <Button href={exportUrl('xlsx')}>{t('export.xlsx')}</Button>
                <Button href={exportUrl('csv')}>{t('export.csv')}</Button>
              </Space>
            </div>
            <Table
              rowKey="orderNumber"
              size="small"
              columns={columns}
              dataSource={dash.data.recent}
              pagination={false}
              locale={{ emptyText: t('orders.empty') }}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}
