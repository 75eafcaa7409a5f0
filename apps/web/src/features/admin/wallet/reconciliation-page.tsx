import type { ReconciliationFinding } from '@dsm/contract';
import { Alert, Button, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage } from '../shared/admin-page';
import { formatDateTime } from '../shared/format';
import { useReconciliation, useRunReconciliation } from './wallet.api';
import './wallet-admin.css';

/**
 * /admin/reconciliation: what the hourly ledger check found last time (decision 0070, 0077), and
 * "run now". Nothing is fixed from here: a difference means a bug or a hand edit.
 */
export default function ReconciliationPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const report = useReconciliation();
  const run = useRunReconciliation();
  const data = report.data;

  const columns: TableColumnsType<ReconciliationFinding> = [
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('wallet.recon.kind'),
      render: (k: string) => t(`wallet.recon.kind-${k}`),
    },
    {
      key: 'subject',
      dataIndex: 'subjectId',
      title: t('wallet.recon.subject'),
      render: (v: string) => <code>{v}</code>,
    },
    {
      key: 'actual',
      dataIndex: 'actual',
      title: t('wallet.recon.actual'),
      align: 'end',
      render: (v: number) => v.toFixed(2),
    },
    {
      key: 'expected',
      dataIndex: 'expected',
      title: t('wallet.recon.expected'),
      align: 'end',
      render: (v: number) => v.toFixed(2),
    },
    {
      key: 'foundAt',
      dataIndex: 'foundAt',
      title: t('wallet.recon.found-at'),
      render: (v: string) => formatDateTime(v, lang),
    },
  ];

  return (
    <AdminPage
      title={t('wallet.recon.title')}
      intro={t('wallet.recon.intro')}
      actions={
        <Button
          type="primary"
          loading={run.isPending}
          onClick={() =>
            run.mutate(undefined, { onSuccess: (r) => void (r.success && toast.success(t('wallet.recon.ran'))) })
          }
        >
          {t('wallet.recon.run-now')}
        </Button>
      }
    >
      {report.isError ? (
        <Alert type="error" showIcon title={report.error.message} />
      ) : (
        <>
          <p className="admin-recon-last">
            {t('wallet.recon.last-run')}:{' '}
            <strong>
              {data ? (data.lastRunAt ? formatDateTime(data.lastRunAt, lang) : t('wallet.recon.never')) : '—'}
            </strong>
          </p>
          {data?.lastRunAt ? (
            data.findings.length === 0 ? (
              <Alert type="success" showIcon title={t('wallet.recon.ok')} />
            ) : (
              <>
                <Alert type="error" showIcon title={t('wallet.recon.bad', { count: data.findings.length })} />
                <Table<ReconciliationFinding>
                  rowKey="id"
                  columns={columns}
                  dataSource={data.findings}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                />
              </>
            )
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
