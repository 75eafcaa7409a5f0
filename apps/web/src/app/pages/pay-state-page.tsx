import { useSearchParams } from 'react-router';
import OrderPayStatePage from '../../features/payments/order-pay-state';
import RechargePayStatePage from '../../features/recharge/pay-state-page';

/**
 * /user/paystate serves two server modules: an order payment's outcome (`?payment=<id>`,
 * features/payments) and a recharge's wait after a provider's return (`?recharge=<id>`,
 * features/recharge). PayPal returns an order payment with both parameters; `?payment=` wins.
 */
export default function PayStatePage() {
  const [params] = useSearchParams();
  return params.get('payment') ? <OrderPayStatePage /> : <RechargePayStatePage />;
}
