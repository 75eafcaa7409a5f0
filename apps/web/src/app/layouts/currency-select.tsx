import { useTranslation } from 'react-i18next';
import { Combobox } from '../../components/ui/combobox';
import { useCurrencyRates } from '../../lib/currency';
import { session, useSession } from '../../lib/session';

/** Currencies from GET /api/currency/rates; the chosen record is stored as pay_rate. */
export function CurrencySelect() {
  const { t } = useTranslation();
  const { data: rates } = useCurrencyRates();
  const payRate = useSession((s) => s.pay_rate);
  const list = rates ?? (payRate ? [payRate] : []);
  const options = list.map((r) => ({
    value: r.currencyCode,
    label: `${r.currencyCode} ${r.symbol}`.trim(),
    keywords: r.name,
  }));

  return (
    <Combobox
      className="currency-select"
      label={t('header.currency')}
      placeholder={t('header.currency')}
      width={104}
      options={options}
      value={payRate?.currencyCode ?? null}
      onChange={(code) => {
        const record = rates?.find((r) => r.currencyCode === code);
        if (record) session.set({ pay_rate: record });
      }}
      disabled={!rates?.length}
      noOptionsText={t('select.no-options')}
    />
  );
}
