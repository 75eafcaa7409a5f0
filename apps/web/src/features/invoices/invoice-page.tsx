import { type Invoice, type InvoiceParty, formatAddress } from '@dsm/contract';
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCountryName } from '../../lib/countries';
import { useSession } from '../../lib/session';
import { formatInvoiceAmount, formatInvoiceTime, invoicePdfUrl, useInvoice, useInvoiceOfOrder } from './invoices.api';
import './invoices.css';

/**
 * /user/orderinvoice?id=<invoiceId> (or ?order=<orderId>, from the order screens): the invoice as a printable page (SPEC §2 "Invoice with
 * download and print"). The print stylesheet (invoices.css) hides the app's header, menu and
 * buttons, so the browser's Print gives the invoice alone; "Download PDF" gets the server's PDF.
 */
export default function InvoicePage() {
  const { t } = useTranslation('invoices');
  const [params] = useSearchParams();
  const order = params.get('id') ? null : params.get('order');
  const ofOrder = useInvoiceOfOrder(order);
  const id = params.get('id') ?? ofOrder.data ?? null;
  const invoice = useInvoice(id);
  const notFound = (
    <div className="invoice-page">
      <Alert
        type="warning"
        showIcon
        message={t('invoice.not-found')}
        action={<Link to="/user/downloadinvoice">{t('invoice.all-invoices')}</Link>}
      />
    </div>
  );

  if (order && ofOrder.isPending) return <Skeleton active className="invoice-page" />;
  if (order && !id) return notFound;

  if (!id) {
    return (
      <div className="invoice-page">
        <Alert
          type="info"
          showIcon
          message={t('invoice.no-id')}
          action={<Link to="/user/downloadinvoice">{t('invoice.all-invoices')}</Link>}
        />
      </div>
    );
  }
  if (invoice.isPending) return <Skeleton active className="invoice-page" />;
  if (invoice.isError || !invoice.data) return notFound;
  return <InvoiceView invoice={invoice.data} />;
}

function Party({ title, party }: { title: string; party: InvoiceParty }) {
  const { t } = useTranslation('invoices');
  const countryName = useCountryName();
  // The invoice keeps the country's code; it is named in the reader's language, as the PDF does
  // (decision 0105), and as the last line of the address, where the shared formatter puts it.
  const country = formatAddress({ country: party.countryCode }, { countryName });
  return (
    <section className="invoice-party" aria-label={title}>
      <h2>{title}</h2>
      <p>{party.name}</p>
      {party.company ? <p>{party.company}</p> : null}
      <p>{party.address}</p>
      {country ? <p>{country}</p> : null}
      {party.vatNumber ? <p>{`${t('invoice.vat')}: ${party.vatNumber}`}</p> : null}
    </section>
  );
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const lang = useSession((s) => s.lang);
  const money = (v: number) => formatInvoiceAmount(v, invoice.currency, lang);
  const plain = (v: number) =>
    new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
  const method = t(`methods.${invoice.paymentMethod}`, { defaultValue: invoice.paymentMethod });
  const totals: Array<[string, number, boolean?]> = [
    [t('invoice.product-cost'), invoice.productCost],
    ...(invoice.shipping ? [[t('invoice.shipping'), invoice.shipping] as [string, number]] : []),
    [t('invoice.operate'), invoice.operateAmount],
    [t('invoice.handling'), invoice.handlingFee],
    [t('invoice.tax'), invoice.tax],
    // A discount is shown as taken off; none is 0.00, not −0.00.
    [t('invoice.discount'), invoice.discount ? -invoice.discount : 0],
    [t('invoice.payable'), invoice.payable, true],
  ];
  return (
    <article className="invoice-page invoice-sheet" aria-labelledby="invoice-title">
      <div className="invoice-actions">
        <Link to="/user/downloadinvoice">{t('invoice.all-invoices')}</Link>
        <span className="invoice-actions-gap" />
        <Button onClick={() => window.print()}>{t('invoice.print')}</Button>
        <Button type="primary" href={invoicePdfUrl(invoice.id, lang)} download={`${invoice.number}.pdf`}>
          {t('invoice.download-pdf')}
        </Button>
      </div>
      <header className="invoice-head">
        <h1 id="invoice-title">{t('invoice.title')}</h1>
        <strong>{invoice.number}</strong>
      </header>
      <dl className="invoice-facts">
        <dt>{t('invoice.number')}</dt>
        <dd>{invoice.number}</dd>
        <dt>{t('invoice.issued')}</dt>
        <dd>{formatInvoiceTime(invoice.issuedAt, lang)}</dd>
        <dt>{t('invoice.paid')}</dt>
        <dd>{formatInvoiceTime(invoice.paidAt, lang)}</dd>
        <dt>{t('invoice.method')}</dt>
        <dd>{method}</dd>
        {invoice.reference ? (
          <>
            <dt>{t('invoice.reference')}</dt>
            <dd>{invoice.orderNumber ?? invoice.reference}</dd>
          </>
        ) : null}
      </dl>
      <div className="invoice-parties">
        <Party title={t('invoice.bill-from')} party={invoice.billFrom} />
        <Party title={t('invoice.bill-to')} party={invoice.billTo} />
      </div>
      <table className="invoice-lines">
        <thead>
          <tr>
            <th scope="col">{t('invoice.item')}</th>
            <th scope="col">{t('invoice.sku')}</th>
            <th scope="col">{t('invoice.specs')}</th>
            <th scope="col" className="num">
              {t('invoice.unit-price')}
            </th>
            <th scope="col" className="num">
              {t('invoice.quantity')}
            </th>
            <th scope="col" className="num">
              {t('invoice.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            <tr key={`${line.sku}-${i}`}>
              <td>
                {line.title}
                {/* Shipped from the buyer's inventory (decision 0129): why the goods cost nothing here. */}
                {line.fromInventory ? <div className="invoice-muted">{t('invoice.from-inventory')}</div> : null}
              </td>
              <td>{line.sku}</td>
              <td>{line.specs}</td>
              <td className="num">{plain(line.unitPrice)}</td>
              <td className="num">{line.quantity}</td>
              <td className="num">{plain(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="invoice-totals">
        {totals.map(([label, value, strong]) => (
          <div key={label} className={strong ? 'is-total' : undefined}>
            <dt>{label}</dt>
            <dd data-testid={strong ? 'invoice-payable' : undefined}>{money(value)}</dd>
          </div>
        ))}
      </dl>
      {invoice.parts ? <TwoParts invoice={invoice} money={money} /> : null}
      <p className="invoice-note">{t('invoice.currency-note', { currency: invoice.currency })}</p>
    </article>
  );
}

/** An order paid in two parts (decision 0140): each part with its date, then what is still due. */
function TwoParts({ invoice, money }: { invoice: Invoice; money: (v: number) => string }) {
  const { t } = useTranslation('invoices');
  const lang = useSession((s) => s.lang);
  const when = (p: NonNullable<Invoice['parts']>[number]) =>
    p.returnedAt
      ? t('invoice.part-returned', { date: formatInvoiceTime(p.returnedAt, lang) })
      : p.paidAt
        ? t('invoice.part-paid', { date: formatInvoiceTime(p.paidAt, lang) })
        : t('invoice.part-due');
  return (
    <section className="invoice-parts" aria-label={t('invoice.parts')}>
      <h2>{t('invoice.parts')}</h2>
      <dl className="invoice-totals">
        {invoice.parts!.map((p) => (
          <div key={p.part}>
            <dt>{`${t(`invoice.part-${p.part}`)} · ${when(p)}`}</dt>
            <dd>{money(p.amount)}</dd>
          </div>
        ))}
        <div className="is-total">
          <dt>{t('invoice.due')}</dt>
          <dd data-testid="invoice-due">{money(invoice.due)}</dd>
        </div>
      </dl>
    </section>
  );
}
