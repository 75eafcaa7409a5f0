import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { rechargeQuery } from './recharge.api';

/** The recharge order named by `?recharge=<id>`, the one parameter every payment page shares. */
export function useRechargeFromUrl() {
  const [params] = useSearchParams();
  const id = params.get('recharge') ?? '';
  const order = useQuery({ ...rechargeQuery(id), enabled: id !== '' });
  return { id, params, order };
}
