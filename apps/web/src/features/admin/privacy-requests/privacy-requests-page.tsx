import { useState } from 'react';
import type { StoreOrderPrivacyRequest } from '@dsm/contract';
import { Alert, Button, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { formatDateTime, pageParams } from '../shared/format';
import { AdminListPage } from '../shared/list-page';
import { usePrivacyRequests } from './privacy-requests.api';
import '../users/users.css';

/**
 * Shopify's rule for its mandatory privacy webhooks: the app completes the request within 30 days
 * of receiving it (decision 0121). The server acts at once; the date is there for the operator to
 * see that nothing waits past it (a data request's export still has to reach the store owner).
 */
const DUE_DAYS = 30;
const dueOf = (receivedAt: string) => new Date(Date.parse(receivedAt) + DUE_DAYS * 86_400_000).toISOString();

type Row = StoreOrderPrivacyRequest;
type Exported = NonNullable<Row['export']>;

/** The export as a file the operator sends on to the store owner. */
function downloadExport(row: Row) {
  const blob = new Blob([JSON.stringify({ shop: row.shop, receivedAt: row.receivedAt, orders: row.export }, null, 2)], {
    type: 'application/json',
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `data-request-${row.shop}-${row.receivedAt.slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

function WhatWasDone({ row }: { row: Row }) {
  const { t } = useTranslation('store-orders');
  if (!row.doneAt) return <span>{t('privacy-admin.done-none')}</span>;
  if (row.topic === 'customers/data_request')
    return <span>{t('privacy-admin.done-export', { count: row.export?.length ?? 0 })}</span>;
  return <span>{t('privacy-admin.done-erased', { count: row.ordersMatched, erased: row.ordersErased })}</span>;
}

function ExportDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useTranslation('store-orders');
  const columns: TableColumnsType<Exported[number]> = [
    { key: 'number', dataIndex: 'number', title: t('privacy-admin.export-order') },
    { key: 'buyer', dataIndex: 'buyerName', title: t('privacy-admin.export-buyer') },
    {
      key: 'contact',
      title: t('privacy-admin.export-contact'),
      render: (_, e) => [e.email, e.phone].filter(Boolean).join(' · '),
    },
    {
      key: 'address',
      title: t('privacy-admin.export-address'),
      render: (_, e) =>
        e.address
          ? [e.address.line1, e.address.line2, e.address.postcode, e.address.city, e.address.countryCode]
              .filter(Boolean)
              .join(', ')
          : '',
    },
  ];
  return (
    <Modal
      open={row !== null}
      title={row ? t('privacy-admin.export-title', { shop: row.shop }) : ''}
      onCancel={onClose}
      width={820}
      footer={
        <>
          <Button onClick={onClose}>{t('privacy-admin.close')}</Button>
          <Button type="primary" onClick={() => row && downloadExport(row)}>
            {t('privacy-admin.download')}
          </Button>
        </>
      }
    >
      <p>{t('privacy-admin.export-hint')}</p>
      <Table rowKey="number" size="small" columns={columns} dataSource={row?.export ?? []} pagination={false} />
    </Modal>
  );
}

/**
 * /admin/privacy-requests: the privacy requests the store platforms sent (Shopify's
 * customers/data_request, customers/redact, shop/redact), newest first: the store, the kind, when
 * it came and is due, when it was done and what was done, and a data request's export.
 */
export default function PrivacyRequestsPage() {
  const { t } = useTranslation('store-orders');
  const lang = useSession((s) => s.lang);
  const [params, setParams] = useSearchParams();
  const filter = pageParams(params);
  const requests = usePrivacyRequests(filter);
  const [open, setOpen] = useState<Row | null>(null);
  const now = Date.now();

  const columns: TableColumnsType<Row> = [
    {
      key: 'received',
      title: t('privacy-admin.received'),
      render: (_, r) => formatDateTime(r.receivedAt, lang),
    },
    {
      key: 'store',
      title: t('privacy-admin.store'),
      render: (_, r) => (
        <div className="admin-user-cell">
          <strong className="admin-break">{r.shop}</strong>
          <span>{t(`platforms.${r.platform}`)}</span>
        </div>
      ),
    },
    {
      key: 'kind',
      title: t('privacy-admin.kind'),
      render: (_, r) => (
        <div className="admin-user-cell">
          <strong>{t(`privacy-admin.topics.${r.topic}`)}</strong>
          <code>{r.topic}</code>
        </div>
      ),
    },
    {
      key: 'due',
      title: t('privacy-admin.due'),
      render: (_, r) => {
        const due = dueOf(r.receivedAt);
        return (
          <>
            {formatDateTime(due, lang)}{' '}
            {!r.doneAt && Date.parse(due) < now ? (
              <Tag color="red" className="admin-tag">
                {t('privacy-admin.overdue')}
              </Tag>
            ) : null}
          </>
        );
      },
    },
    {
      key: 'done',
      title: t('privacy-admin.done'),
      render: (_, r) =>
        r.doneAt ? (
          <div className="admin-user-cell">
            <Tag color="green" className="admin-tag">
              {formatDateTime(r.doneAt, lang)}
            </Tag>
            <WhatWasDone row={r} />
          </div>
        ) : (
          <Tag className="admin-tag">{t('privacy-admin.open')}</Tag>
        ),
    },
    {
      key: 'export',
      title: t('privacy-admin.export'),
      render: (_, r) =>
        r.topic === 'customers/data_request' && r.export ? (
          <Button
            size="small"
            onClick={() => setOpen(r)}
            aria-label={t('privacy-admin.export-label', { shop: r.shop, count: r.export.length })}
          >
            {t('privacy-admin.export-open', { count: r.export.length })}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <AdminListPage<Row>
        title={t('privacy-admin.title')}
        intro={t('privacy-admin.intro', { days: DUE_DAYS })}
        actions={
          <Button onClick={() => void requests.refetch()} loading={requests.isFetching}>
            {t('privacy-admin.refresh')}
          </Button>
        }
        loadError={
          <Alert
            type="error"
            showIcon
            title={requests.error?.message ?? t('privacy-admin.load-failed')}
            action={<Button onClick={() => void requests.refetch()}>{t('privacy-admin.retry')}</Button>}
          />
        }
        rowKey="id"
        columns={columns}
        query={{ ...requests, isFetching: requests.isPending }}
        paging={{
          current: filter.current,
          size: filter.size,
          total: (total) => t('privacy-admin.total', { count: total }),
          onChange: (current, size) => {
            const next = new URLSearchParams();
            if (current > 1) next.set('current', String(current));
            if (size !== 10) next.set('size', String(size));
            setParams(next, { replace: true });
          },
        }}
        empty={t('privacy-admin.empty')}
        rowName={(r) => `${r.shop} · ${r.topic}`}
      />
      <ExportDialog row={open} onClose={() => setOpen(null)} />
    </>
  );
}
