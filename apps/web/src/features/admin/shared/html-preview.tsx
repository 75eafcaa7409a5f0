import { useTranslation } from 'react-i18next';

/**
 * Shows rich text as the storefront will, inside a sandboxed frame: no script or event handler in
 * it can run and its styles cannot leak into the console (the server sanitizes the HTML on save).
 */
export function HtmlPreview({ html, title, lang }: { html: string; title?: string; lang?: string }) {
  const { t } = useTranslation('admin');
  const doc = `<!doctype html><html lang="${lang ?? 'en'}"><head><meta charset="utf-8"><style>
body{font:15px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;margin:16px;overflow-wrap:anywhere}
h1{font-size:24px;margin:0 0 12px}img{max-width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:4px 8px}
</style></head><body>${title ? `<h1>${escapeHtml(title)}</h1>` : ''}${html}</body></html>`;
  // allow-same-origin without allow-scripts: pictures from this site load, nothing can run.
  return <iframe className="admin-preview" title={t('form.preview-frame')} sandbox="allow-same-origin" srcDoc={doc} />;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
