import type { WithdrawalMethod } from '@dsm/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../lib/countries';
import { METHOD_FIELDS } from './withdraw-rules';

const COUNTRY_FIELDS = new Set(['country', 'bankCountry']);

/** Where the money goes: the method's fields in form order, with labels and country names. */
export function DestinationList({ method, values }: { method: WithdrawalMethod; values: Record<string, unknown> }) {
  const { t } = useTranslation('withdrawals');
  const countryName = useCountryName();
  const items = ['beneficiaryName', ...METHOD_FIELDS[method]]
    .filter((key) => typeof values[key] === 'string' && values[key] !== '')
    .map((key) => {
      const value = String(values[key]);
      return {
        key,
        label: t(`fields.${key}`),
        children: COUNTRY_FIELDS.has(key)
          ? countryName(value)
          : key === 'accountType'
            ? t(`account-types.${value}`)
            : value,
      };
    });
  return <Descriptions className="withdraw-destination" column={1} size="small" bordered items={items} />;
}
