import type { ReactNode } from 'react';
import { Alert, Radio } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type ConfirmResult, formatAddress } from '@dsm/contract';
import { ApiError } from '../../lib/api';
import { useCountryName } from '../../lib/countries';
import { formatMoney, useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { CannotShip } from './cannot-ship';
import { ShipmentSection } from './shipment-section';

type Consignee = ConfirmResult['consignee'];
type ConfirmLine = ConfirmResult['lines'][number];

/** What "Shipping information not found" carries (decision 0107): each line's reason and the addresses. */
interface NothingShips {
  lines: Array<{ skuId: number; title: string; reason: string }>;
  consignee?: Consignee;
  consignees?: Consignee[];
}

/** The consignee addresses as a choice; choosing one prices again. */
function ConsigneeChoice({
  consignees,
  value,
  onConsignee,
}: {
  consignees: Consignee[];
  value: string;
  onConsignee: (id: string) => void;
}) {
  const country = useCountryName();
  return (
    <Radio.Group className="checkout-choices" value={value} onChange={(e) => onConsignee(e.target.value as string)}>
      {consignees.map((a) => (
        <Radio key={a.addrId} value={a.addrId} className="checkout-choice">
          <span className="checkout-choice-name">
            {a.firstName} {a.lastName}
          </span>
          <span className="checkout-choice-detail">{formatAddress(a, { countryName: country })}</span>
        </Radio>
      ))}
    </Radio.Group>
  );
}

/**
 * The server's message; an empty address (SPEC §8) comes with the link to set one; nothing that
 * can ship to the address says why for each product and offers the other addresses.
 */
export function ConfirmError({ error, onConsignee }: { error: Error; onConsignee?: (id: string) => void }) {
  const { t } = useTranslation('checkout');
  const failure = error instanceof ApiError ? error.result : null;
  const link = (failure?.data as { link?: string } | undefined)?.link;
  const needsAddress = failure?.reason === 'shipping-address-empty' || failure?.reason === 'billing-address-empty';
  const nothingShips = failure?.reason === 'no-shipping-method' ? (failure.data as unknown as NothingShips) : null;
  return (
    <>
      <Alert
        type={needsAddress ? 'warning' : 'error'}
        showIcon
        role="alert"
        title={failure?.msg ?? error.message}
        description={
          nothingShips?.lines?.length ? (
            <ul className="checkout-reasons">
              {nothingShips.lines.map((l) => (
                <li key={l.skuId}>{t('cannot-ship.line', { title: l.title, reason: l.reason })}</li>
              ))}
            </ul>
          ) : undefined
        }
        action={
          needsAddress && link ? (
            <Link to={link}>{t('links.add-address')}</Link>
          ) : (
            <Link to="/goodslist">{t('links.shop')}</Link>
          )
        }
      />
      {nothingShips?.consignee && nothingShips.consignees && nothingShips.consignees.length > 1 && onConsignee ? (
        <section className="checkout-section checkout-notice-after" aria-labelledby="checkout-other-address">
          <h2 id="checkout-other-address">{t('cannot-ship.other-address')}</h2>
          <ConsigneeChoice
            consignees={nothingShips.consignees}
            value={nothingShips.consignee.addrId}
            onConsignee={onConsignee}
          />
        </section>
      ) : null}
    </>
  );
}

interface BreakdownProps {
  data: ConfirmResult;
  busy: boolean;
  onConsignee: (id: string) => void;
  onMethod: (shipment: string, code: string) => void;
  /** Cart checkout: takes a line that cannot ship out of this checkout. */
  onRemove?: (line: ConfirmLine) => void;
  /** Under the totals: the remark and the submit button. */
  children?: ReactNode;
}

/**
 * Consignee and billing, one section per shipment (its products and methods, decision 0107), the
 * products that cannot ship with their reasons, and fee/tax/total in the chosen currency.
 */
export function Breakdown({ data, busy, onConsignee, onMethod, onRemove, children }: BreakdownProps) {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const country = useCountryName();
  const lang = useSession((s) => s.lang);
  const payRate = useSession((s) => s.pay_rate);
  const shipments = data.shipments;
  const single = shipments.length === 1 ? shipments[0]!.shippingOptions.find((o) => o.selected) : undefined;
  // Rates come in percent (20 = 20 %); the language decides how a percentage is written (%20 in Turkish).
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 });

  return (
    <div className="checkout-grid" aria-busy={busy}>
      <div className="checkout-main">
        <section className="checkout-section" aria-labelledby="checkout-consignee">
          <div className="checkout-section-head">
            <h2 id="checkout-consignee">{t('consignee.title')}</h2>
            <Link to="/user/profile">{t('links.add-address')}</Link>
          </div>
          <ConsigneeChoice consignees={data.consignees} value={data.consignee.addrId} onConsignee={onConsignee} />
          <p className="checkout-muted">
            {t('billing.line', {
              address: `${data.billing.firstName} ${data.billing.lastName}, ${formatAddress(data.billing, { countryName: country })}`,
            })}
          </p>
        </section>

        {shipments.map((s, i) => (
          <ShipmentSection
            key={s.key}
            shipment={s}
            index={i}
            count={shipments.length}
            lines={data.lines.filter((l) => l.shipment === s.key)}
            onMethod={onMethod}
          />
        ))}

        <CannotShip lines={data.lines.filter((l) => l.cannotShip)} onRemove={onRemove} />
      </div>

      <section className="checkout-section checkout-totals" aria-labelledby="checkout-totals">
        <h2 id="checkout-totals">{t('totals.title')}</h2>
        <dl>
          <div>
            <dt>{t('totals.goods')}</dt>
            <dd>{money(data.goodsTotal)}</dd>
          </div>
          <div>
            <dt>
              {single
                ? t('totals.shipping', { method: single.name })
                : t('totals.shipping-many', { count: shipments.length })}
            </dt>
            <dd>{money(data.shipping)}</dd>
          </div>
          <div>
            <dt>{t('totals.service-fee', { rate: percent.format(data.serviceFeeRate / 100) })}</dt>
            <dd>{money(data.serviceFee)}</dd>
          </div>
          <div>
            <dt>
              {t('totals.tax', { rate: percent.format(data.taxRate / 100), country: country(data.consignee.country) })}
            </dt>
            <dd>{money(data.tax)}</dd>
          </div>
          <div className="checkout-total">
            <dt>{t('totals.total')}</dt>
            <dd data-testid="checkout-total">{money(data.total)}</dd>
          </div>
        </dl>
        {shipments.length > 1 ? (
          <p className="checkout-muted">{t('totals.orders-per-shipment', { count: shipments.length })}</p>
        ) : null}
        {payRate && payRate.currencyCode !== 'USD' ? (
          <p className="checkout-muted">{t('totals.charged-usd', { amount: formatMoney(data.total, null, lang) })}</p>
        ) : null}
        {children}
      </section>
    </div>
  );
}
