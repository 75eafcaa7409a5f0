import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_INVOICES_PER_DOWNLOAD, StoreInvoicePageSchema } from '@dsm/contract';
import type { Page, StoreInvoiceRow } from '@dsm/contract';
import { Button, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { downloadInvoices, formatInvoiceAmount, formatInvoiceTime, invoicePdfUrl } from './invoices.api';
import './invoices.css';

/**
 * /user/storedownloadinvoice (issue 21, decision 0118): the paid store orders, each with the
 * invoices of its marketplace orders (one per shipment), in the reader's language. One PDF per
 * invoice, or the invoices of the selected store orders together as one PDF.
 */
export default function StoreInvoiceListPage() {
  const { t } = useTranslation('invoices');
  const lang = useSession((s) => s.lang);
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const rows = useQuery({
    queryKey: ['invoices', 'store', paging],
    queryFn: ({ signal }) =>
      api.data<Page<StoreInvoiceRow>>('/p/store-orders/invoices', {
        signal,
        query: { ...paging },
        schema: StoreInvoicePageSchema,
      }),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<StoreInvoiceRow[]>([]);
  const [busy, setBusy] = useState(false);
  const invoiceIds = selected.flatMap((r) => r.invoices.map((i) => i.id)).slice(0, MAX_INVOICES_PER_DOWNLOAD);

  async function download() {
    setBusy(true);
    const result = await downloadInvoices(invoiceIds);
    setBusy(false);
    if (result.ok) toast.success(t('list.downloaded', { count: invoiceIds.length }));
    else toast.warning(result.msg ?? t('list.failed'));
  }

  const columns: TableColumnsType<StoreInvoiceRow> = [
    {
      key: 'number',
      title: t('store-list.store-order'),
      render: (_, r) => (
        <>
          <strong>{r.number}</strong>
          <div className="invoice-muted">{r.source === 'excel' ? t('store-list.excel') : r.storeName}</div>
        </>
      ),
    },
    {
      key: 'paid',
      title: t('store-list.paid'),
      render: (_, r) => (r.paidAt ? formatInvoiceTime(r.paidAt, lang) : t('store-list.not-paid')),
    },
    {
      key: 'invoices',
      title: t('store-list.invoices'),
      render: (_, r) =>
        r.invoices.length === 0 ? (
          t('store-list.none')
        ) : (
          <ul className="store-invoice-list">
            {r.invoices.map((inv) => (
              <li key={inv.id}>
                <a
                  href={invoicePdfUrl(inv.id, lang)}
                  download={`${inv.number}.pdf`}
                  aria-label={t('list.pdf-label', { number: inv.number })}
                >
                  {inv.number}
                </a>{' '}
                <span className="invoice-muted">
                  {inv.orderNumber} · {formatInvoiceAmount(inv.payable, inv.currency, lang)}
                </span>
              </li>
            ))}
          </ul>
        ),
    },
  ];

  return (
    <div className="invoice-page">
      <div className="invoice-list-head">
        <div>
          <h1>{t('store-list.title')}</h1>
          <p>{t('store-list.intro')}</p>
        </div>
        <Button type="primary" disabled={invoiceIds.length === 0} loading={busy} onClick={download}>
          {t('list.download-selected', { count: invoiceIds.length })}
        </Button>
      </div>
      <Table<StoreInvoiceRow>
        rowKey="storeOrderId"
        columns={columns}
        dataSource={rows.data?.records ?? []}
        loading={rows.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('store-list.empty') }}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.storeOrderId),
          preserveSelectedRowKeys: true,
          onChange: (_keys, picked) => setSelected(picked.filter(Boolean)),
          getCheckboxProps: (r) => ({
            disabled: r.invoices.length === 0,
            'aria-label': t('store-list.select-label', { number: r.number }),
          }),
          getTitleCheckboxProps: () => ({ 'aria-label': t('list.select-all') }),
        }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: rows.data?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </div>
  );
}
