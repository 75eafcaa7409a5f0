import OrdersPage from '../../features/orders/orders-page';
import { useStoreOrderTabs } from '../../features/store-orders/store-order-tabs';

/**
 * /user/storeorder serves two server modules: the store orders' tabs (unrelated, related) come
 * first, then the marketplace orders' SPEC §4 tabs; the store orders in the draft box or flagged
 * abnormal show under those tabs (features/store-orders, issue 21; features/orders, decision 0087).
 */
export default function StoreOrderPage() {
  return <OrdersPage lead={useStoreOrderTabs()} />;
}
