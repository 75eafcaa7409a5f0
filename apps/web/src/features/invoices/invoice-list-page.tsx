import { useState } from 'react';
import type { InvoiceSummary } from '@dsm/contract';
import { MAX_INVOICES_PER_DOWNLOAD } from '@dsm/contract';
import { Button, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { downloadInvoices, formatInvoiceAmount, formatInvoiceTime, invoicePdfUrl, useInvoices } from './invoices.api';
import './invoices.css';

/**
 * /user/downloadinvoice: the user's invoices; select several (up to 50, the server's limit) and
 * download them as one PDF, or open / download one.
 */
export default function InvoiceListPage() {
  const { t } = useTranslation('invoices');
  const lang = useSession((s) => s.lang);
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const invoices = useInvoices(paging);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    const result = await downloadInvoices(selected);
    setBusy(false);
    if (result.ok) toast.success(t('list.downloaded', { count: selected.length }));
    else toast.warning(result.msg ?? t('list.failed'));
  }

  const columns: TableColumnsType<InvoiceSummary> = [
    { key: 'number', title: t('list.number'), render: (_, inv) => <strong>{inv.number}</strong> },
    { key: 'issued', title: t('list.issued'), render: (_, inv) => formatInvoiceTime(inv.issuedAt, lang) },
    {
      key: 'reference',
      title: t('list.reference'),
      responsive: ['md'],
      render: (_, inv) => inv.orderNumber ?? inv.reference ?? '—',
    },
    {
      key: 'payable',
      title: t('list.payable'),
      align: 'right',
      render: (_, inv) => formatInvoiceAmount(inv.payable, inv.currency, lang),
    },
    {
      key: 'action',
      title: t('list.action'),
      render: (_, inv) => (
        <span className="invoice-row-actions">
          <Link
            to={`/user/orderinvoice?id=${encodeURIComponent(inv.id)}`}
            aria-label={t('list.view-label', { number: inv.number })}
          >
            {t('list.view')}
          </Link>
          <a
            href={invoicePdfUrl(inv.id, lang)}
            download={`${inv.number}.pdf`}
            aria-label={t('list.pdf-label', { number: inv.number })}
          >
            {t('list.pdf')}
          </a>
        </span>
      ),
    },
  ];

  return (
    <div className="invoice-page">
      <div className="invoice-list-head">
        <div>
          <h1>{t('list.title')}</h1>
          <p>{t('list.intro')}</p>
        </div>
        <Button type="primary" disabled={selected.length === 0} loading={busy} onClick={download}>
          {t('list.download-selected', { count: selected.length })}
        </Button>
      </div>
      <Table<InvoiceSummary>
        rowKey="id"
        columns={columns}
        dataSource={invoices.data?.records ?? []}
        loading={invoices.isPending}
        // On a phone the table scrolls in its own box instead of widening the page.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        rowSelection={{
          selectedRowKeys: selected,
          // Kept across pages: a download may gather invoices from several pages.
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String).slice(0, MAX_INVOICES_PER_DOWNLOAD)),
          getCheckboxProps: (inv) => ({ 'aria-label': t('list.select-label', { number: inv.number }) }),
          // antd names its header checkbox "Select all" in English whatever the language.
          getTitleCheckboxProps: () => ({ 'aria-label': t('list.select-all') }),
        }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: invoices.data?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </div>
  );
}
