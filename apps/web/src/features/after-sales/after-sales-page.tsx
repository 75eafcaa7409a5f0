import { useState } from 'react';
import type { AfterSales } from '@dsm/contract';
import { Button, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { EmptyState } from '../../components/ui/empty-state';
import { AfterSalesDetail, STATE_COLORS, formatTime } from '../../components/after-sales/after-sales-detail';
import { AfterSalesForm } from './after-sales-form';
import { cancelAfterSales, useAfterSalesList, useRefreshAfterSales } from './after-sales.api';
import './after-sales.css';

/**
 * /user/aftersalesorders (SPEC §2): my after-sales requests with their state, a form for a new
 * one (refund or reshipment of a paid order), and each request's detail with the operator's
 * answer; a request not yet decided may be cancelled.
 */
export default function AfterSalesPage() {
  const { t } = useTranslation('after-sales');
  const lang = useSession((s) => s.lang);
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const list = useAfterSalesList(paging);
  const refresh = useRefreshAfterSales();
  const [creating, setCreating] = useState(false);
  const [shownId, setShownId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const shown = list.data?.records.find((r) => r.id === shownId) ?? null;
  const usd = (v: number) => formatMoney(v, null, lang);

  async function cancel(request: AfterSales) {
    setCancelling(true);
    const result = await cancelAfterSales(request.id, crypto.randomUUID());
    setCancelling(false);
    if (result.success) toast.success(t('detail.cancelled', { number: request.number }));
    else toast.warning(result.msg);
    await refresh();
  }

  const columns: TableColumnsType<AfterSales> = [
    {
      key: 'number',
      title: t('list.number'),
      render: (_, r) => (
        <span className="aftersales-cell">
          <strong>{r.number}</strong>
          <span className="aftersales-muted">{formatTime(r.createdAt, lang)}</span>
        </span>
      ),
    },
    { key: 'order', title: t('list.order'), render: (_, r) => r.orderNumber },
    {
      key: 'kind',
      title: t('list.kind'),
      render: (_, r) => (
        <span className="aftersales-cell">
          {t(`kinds.${r.kind}`)}
          {r.amount !== null ? <span className="aftersales-muted">{usd(r.amount)}</span> : null}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('list.state'),
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{t(`states.${r.state}`)}</Tag>,
    },
    {
      key: 'action',
      title: t('list.action'),
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => setShownId(r.id)}
          aria-label={t('list.view-label', { number: r.number })}
        >
          {t('list.view')}
        </Button>
      ),
    },
  ];

  return (
    <div className="aftersales-page">
      <div className="aftersales-head">
        <div>
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
        </div>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('new')}
        </Button>
      </div>
      <Table<AfterSales>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isPending}
        // On a phone the table scrolls in its own box instead of widening the page.
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <EmptyState
              text={t('list.empty')}
              hint={t('list.empty-hint')}
              action={
                <Link className="button button-secondary" to="/user/storeorder">
                  {t('list.see-orders')}
                </Link>
              }
            />
          ),
        }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
      <AfterSalesForm open={creating} onClose={() => setCreating(false)} />
      <Modal
        open={shown !== null}
        title={shown ? t('detail.title', { number: shown.number }) : ''}
        onCancel={() => setShownId(null)}
        destroyOnHidden
        footer={[
          shown?.state === 'requested' ? (
            <Button key="cancel" danger loading={cancelling} onClick={() => void cancel(shown)}>
              {t('detail.cancel')}
            </Button>
          ) : null,
          <Button key="close" type="primary" onClick={() => setShownId(null)}>
            {t('detail.close')}
          </Button>,
        ]}
      >
        {shown ? <AfterSalesDetail request={shown} /> : null}
      </Modal>
    </div>
  );
}
