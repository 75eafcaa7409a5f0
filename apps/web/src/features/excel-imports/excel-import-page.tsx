import { EXCEL_IMPORT_MAX_MB, EXCEL_IMPORT_MAX_ROWS, type ExcelImportPreview } from '@dsm/contract';
import { Alert, Button, Progress } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { templateUrl, uploadImport, useRefreshImports } from './excel-imports.api';
import { ImportHistory } from './import-history';
import { ImportPreview } from './import-preview';
import './excel-imports.css';

type Stage = { kind: 'idle' } | { kind: 'sending'; sent: number } | { kind: 'reading' };

/**
 * /user/excelorderhistory (SPEC §1, §3, §4; issue 23, decision 0125): the instructions and the
 * template, the upload with its progress, the preview (nothing imported yet: N orders, M rows
 * with errors, each with row, column, value and what was expected), the import of the valid
 * orders, and the history of imports with their counts and files.
 */
export default function ExcelImportPage() {
  const { t, i18n } = useTranslation('excel-imports');
  const refresh = useRefreshImports();
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ExcelImportPreview | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  async function send() {
    const file = input.current?.files?.[0];
    setError(null);
    if (!file) {
      setError(t('file-required'));
      return;
    }
    setPreview(null);
    setStage({ kind: 'sending', sent: 0 });
    const result = await uploadImport(file, (sent) =>
      setStage(sent >= 1 ? { kind: 'reading' } : { kind: 'sending', sent }),
    );
    setStage({ kind: 'idle' });
    if (input.current) input.current.value = '';
    setChosen(null);
    if (!result.ok) {
      setError(result.msg ?? t('upload-failed'));
      return;
    }
    setPreview(result.preview);
    void refresh();
  }

  const busy = stage.kind !== 'idle';
  return (
    <section className="xl-page">
      <h1>{t('routes:excelorderhistory')}</h1>
      <ol className="xl-steps">
        <li>
          {t('step-template')}{' '}
          <a href={templateUrl(i18n.language)} download>
            {t('download-template')}
          </a>
        </li>
        <li>{t('step-fill')}</li>
        <li>
          {t('step-upload', { mb: EXCEL_IMPORT_MAX_MB, rows: EXCEL_IMPORT_MAX_ROWS.toLocaleString(i18n.language) })}
        </li>
      </ol>
      <div className="xl-upload">
        {/* The browser's own file button speaks the browser's language: ours is a label for the hidden input. */}
        <input
          id="xl-file"
          className="xl-file-input"
          ref={input}
          type="file"
          accept=".xls,.xlsx"
          disabled={busy}
          onChange={(e) => {
            setError(null);
            setChosen(e.target.files?.[0]?.name ?? null);
          }}
        />
        <label htmlFor="xl-file" className="xl-choose">
          {t('choose-file')}
        </label>
        <span className="xl-muted">{chosen ?? t('no-file')}</span>
        <Button type="primary" onClick={send} loading={busy}>
          {t('upload')}
        </Button>
        {stage.kind === 'sending' ? (
          <div className="xl-progress" aria-live="polite">
            <Progress percent={Math.round(stage.sent * 100)} size="small" />
            <span className="xl-muted">{t('sending')}</span>
          </div>
        ) : null}
        {stage.kind === 'reading' ? (
          <div className="xl-progress" aria-live="polite">
            <Progress percent={100} status="active" size="small" showInfo={false} />
            <span className="xl-muted">{t('reading')}</span>
          </div>
        ) : null}
      </div>
      {error ? <Alert type="error" showIcon title={error} className="xl-error" role="alert" /> : null}
      {preview ? (
        <ImportPreview
          preview={preview}
          onDone={(done) => {
            setPreview(null);
            toast.success(t('imported', { count: done.successCount }));
            void refresh();
          }}
          onClose={() => setPreview(null)}
        />
      ) : null}
      <ImportHistory onOpen={setPreview} />
    </section>
  );
}
