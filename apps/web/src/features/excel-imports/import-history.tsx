import type { ExcelImport, ExcelImportPreview } from '@dsm/contract';
import { Button, Grid, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { getImport, useImports } from './excel-imports.api';

/** The history (SPEC §3/§4): file, time, order count, success, fail, reason, who, the files. */
export function ImportHistory({ onOpen }: { onOpen: (preview: ExcelImportPreview) => void }) {
  const { t, i18n } = useTranslation('excel-imports');
  const wide = Grid.useBreakpoint().md ?? true;
  const [current, setCurrent] = useState(1);
  const imports = useImports(current);
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  async function open(id: string) {
    const res = await getImport(id);
    if (res.success) onOpen(res.data);
  }

  const file = (r: ExcelImport) => (
    <span>
      <a href={r.originalUrl} download>
        {r.fileName}
      </a>
      <br />
      <span className="xl-muted">
        {time(r.createdAt)} · {r.uploadedBy}
      </span>
    </span>
  );
  const state = (r: ExcelImport) =>
    r.state === 'imported' ? (
      <Tag color="green">{t('state.imported')}</Tag>
    ) : (
      <Button size="small" onClick={() => open(r.id)}>
        {t('state.previewed')}
      </Button>
    );
  const files = (r: ExcelImport) =>
    r.errorFileUrl ? (
      <a href={r.errorFileUrl} download>
        {t('error-file')}
      </a>
    ) : (
      '—'
    );

  const columns: TableColumnsType<ExcelImport> = wide
    ? [
        { key: 'file', title: t('columns.file'), render: (_, r) => file(r) },
        { key: 'orders', title: t('columns.orders'), dataIndex: 'orderCount' },
        { key: 'success', title: t('columns.success'), dataIndex: 'successCount' },
        { key: 'fail', title: t('columns.fail'), dataIndex: 'failCount' },
        { key: 'reason', title: t('columns.reason'), render: (_, r) => r.reason ?? '—' },
        { key: 'state', title: t('columns.state'), render: (_, r) => state(r) },
        { key: 'errors', title: t('columns.error-file'), render: (_, r) => files(r) },
      ]
    : [
        {
          key: 'card',
          render: (_, r) => (
            <div>
              {file(r)}
              <div>
                {t('columns.orders')} {r.orderCount} · {t('columns.success')} {r.successCount} · {t('columns.fail')}{' '}
                {r.failCount}
              </div>
              {r.reason ? <div className="xl-muted">{r.reason}</div> : null}
              <div className="xl-actions">
                {state(r)} {files(r)}
              </div>
            </div>
          ),
        },
      ];

  const page = imports.data;
  return (
    <section className="xl-history" aria-label={t('history')}>
      <h2>{t('history')}</h2>
      {page && page.total === 0 ? (
        <EmptyState text={t('empty')} hint={t('empty-hint')} />
      ) : (
        <Table<ExcelImport>
          rowKey="id"
          columns={columns}
          showHeader={wide}
          dataSource={page?.records ?? []}
          loading={imports.isLoading}
          pagination={
            page && page.total > page.size
              ? { current, pageSize: page.size, total: page.total, onChange: setCurrent, showSizeChanger: false }
              : false
          }
        />
      )}
    </section>
  );
}
