import type { ExcelImport, ExcelImportPreview, ExcelRowError } from '@dsm/contract';
import { Alert, Button, Checkbox, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { importValid } from './excel-imports.api';

/** The preview of one upload: what importing would create, the rows with errors, the import. */
export function ImportPreview({
  preview,
  onDone,
  onClose,
}: {
  preview: ExcelImportPreview;
  onDone: (done: ExcelImport) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('excel-imports');
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const imported = preview.state === 'imported';

  async function run() {
    setBusy(true);
    setRefusal(null);
    const res = await importValid(preview.id, confirmed);
    setBusy(false);
    if (res.success) onDone(res.data);
    else setRefusal(res.msg ?? t('upload-failed'));
  }

  const columns: TableColumnsType<ExcelRowError> = [
    { key: 'row', title: t('columns.row'), dataIndex: 'row', width: 70 },
    { key: 'column', title: t('columns.column'), render: (_, e) => e.column ?? '—' },
    { key: 'value', title: t('columns.value'), render: (_, e) => (e.value ? <code>{e.value}</code> : '—') },
    { key: 'expected', title: t('columns.expected'), render: (_, e) => <span className="xl-bad">{e.expected}</span> },
  ];

  return (
    <section className="xl-preview" aria-label={t('preview-title')}>
      <h2>
        {t('preview-title')}: {preview.fileName}
      </h2>
      <div className="xl-counts">
        <strong data-testid="xl-valid">{t('will-create', { count: preview.successCount })}</strong>
        <span data-testid="xl-errors" className={preview.errorRowCount ? 'xl-bad' : 'xl-muted'}>
          {t('rows-with-errors', { count: preview.errorRowCount })}
        </span>
        <span className="xl-muted">{t('rows-read', { count: preview.rowCount })}</span>
      </div>
      {preview.duplicateOf ? (
        <Alert
          type="warning"
          showIcon
          title={t('duplicate', { date: new Date(preview.duplicateOf.importedAt).toLocaleString(i18n.language) })}
          description={
            <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)}>
              {t('confirm-duplicate')}
            </Checkbox>
          }
        />
      ) : null}
      {preview.errors.length ? (
        <Table<ExcelRowError>
          size="small"
          rowKey={(e) => `${e.row}-${e.column ?? ''}-${e.expected}`}
          columns={columns}
          dataSource={preview.errors}
          pagination={preview.errors.length > 10 ? { pageSize: 10 } : false}
          scroll={{ x: true }}
        />
      ) : null}
      {preview.errors.length < preview.errorRowCount ? <p className="xl-muted">{t('more-in-file')}</p> : null}
      {refusal ? <Alert type="error" showIcon title={refusal} role="alert" /> : null}
      <div className="xl-actions">
        {imported ? (
          <Link to="/user/storeorder">{t('see-store-orders')}</Link>
        ) : (
          <Button
            type="primary"
            onClick={run}
            loading={busy}
            disabled={preview.successCount === 0 || (preview.duplicateOf !== null && !confirmed)}
          >
            {t('import-valid', { count: preview.successCount })}
          </Button>
        )}
        {preview.errorFileUrl ? (
          <a href={preview.errorFileUrl} download>
            {t('download-errors')}
          </a>
        ) : null}
        <Button onClick={onClose}>{t('close')}</Button>
      </div>
    </section>
  );
}
