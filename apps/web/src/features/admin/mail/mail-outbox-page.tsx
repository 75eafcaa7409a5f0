import { useState } from 'react';
import type { MailOutboxEntry } from '@dsm/contract';
import { Alert, Button, Descriptions, Modal, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useOutbox } from './mail.api';
import { formatDateTime, pageParams } from '../shared/format';
import { AdminListPage } from '../shared/list-page';
import '../users/users.css';

function DeliveryTag({ entry }: { entry: MailOutboxEntry }) {
  const { t } = useTranslation('accounts');
  if (entry.error)
    return (
      <Tag color="red" className="admin-tag">
        {t('admin.outbox.failed')}
      </Tag>
    );
  if (entry.sentAt)
    return (
      <Tag color="green" className="admin-tag">
        {t('admin.outbox.sent')}
      </Tag>
    );
  return <Tag className="admin-tag">{t('admin.outbox.pending')}</Tag>;
}

/**
 * /admin/mail-outbox: the mail the platform recorded, newest first. Without an SMTP server the
 * outbox is the delivery, so this is where a reset code can be read during development.
 */
export default function MailOutboxPage() {
  const { t } = useTranslation('accounts');
  const lang = useSession((s) => s.lang);
  const [params, setParams] = useSearchParams();
  const filter = pageParams(params);
  const outbox = useOutbox(filter);
  const [open, setOpen] = useState<MailOutboxEntry | null>(null);

  const columns: TableColumnsType<MailOutboxEntry> = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('admin.outbox.time'),
      render: (v: string) => formatDateTime(v, lang),
    },
    {
      key: 'subject',
      title: t('admin.outbox.subject'),
      render: (_, e) => (
        <div className="admin-user-cell">
          <strong>{e.subject}</strong>
          <span className="admin-break">{t('admin.outbox.to-line', { to: e.to })}</span>
        </div>
      ),
    },
    { key: 'status', title: t('admin.outbox.status'), responsive: ['sm'], render: (_, e) => <DeliveryTag entry={e} /> },
    { key: 'locale', dataIndex: 'locale', title: t('admin.outbox.language'), responsive: ['lg'] },
    {
      key: 'view',
      title: t('admin.outbox.message'),
      render: (_, e) => (
        <Button
          size="small"
          onClick={() => setOpen(e)}
          aria-label={t('admin.outbox.view-label', { subject: e.subject, to: e.to })}
        >
          {t('admin.outbox.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <AdminListPage<MailOutboxEntry>
        title={t('admin.outbox.title')}
        intro={t('admin.outbox.intro')}
        actions={
          <Button onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
            {t('admin.outbox.refresh')}
          </Button>
        }
        loadError={
          <Alert
            type="error"
            showIcon
            title={outbox.error?.message}
            action={<Button onClick={() => void outbox.refetch()}>{t('actions.retry')}</Button>}
          />
        }
        rowKey="id"
        columns={columns}
        query={{ ...outbox, isFetching: outbox.isPending }}
        paging={{
          current: filter.current,
          size: filter.size,
          total: (total) => t('admin.total', { count: total }),
          onChange: (current, size) => {
            const next = new URLSearchParams();
            if (current > 1) next.set('current', String(current));
            if (size !== 10) next.set('size', String(size));
            setParams(next, { replace: true });
          },
        }}
        rowName={(e) => e.subject}
      />
      <Modal
        open={open !== null}
        title={open?.subject}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{t('actions.close')}</Button>}
        width={720}
      >
        {open ? (
          <>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'to', label: t('admin.outbox.to'), children: open.to },
                { key: 'time', label: t('admin.outbox.time'), children: formatDateTime(open.createdAt, lang) },
                { key: 'status', label: t('admin.outbox.status'), children: <DeliveryTag entry={open} /> },
                ...(open.error ? [{ key: 'error', label: t('admin.outbox.error'), children: open.error }] : []),
              ]}
            />
            {open.text ? (
              <pre className="outbox-body" tabIndex={0} aria-label={t('admin.outbox.body')}>
                {open.text}
              </pre>
            ) : (
              <p className="admin-muted">{t('admin.outbox.erased')}</p>
            )}
          </>
        ) : null}
      </Modal>
    </>
  );
}
