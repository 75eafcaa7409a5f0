import { Tag } from 'antd';
import type { RechargeState } from '@dsm/contract';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<RechargeState, string> = {
  'awaiting-payment': 'blue',
  pending: 'gold',
  paid: 'cyan',
  completed: 'green',
  closed: 'default',
};

/** A recharge order's state as a coloured tag, the same words for the user and the operator. */
export function RechargeStateTag({ state }: { state: RechargeState }) {
  const { t } = useTranslation('recharge');
  return <Tag color={COLOURS[state]}>{t(`state.${state}`)}</Tag>;
}
