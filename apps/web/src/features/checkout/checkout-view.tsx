import { Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ConfirmResult } from '@dsm/contract';
import { Breakdown, ConfirmError } from './checkout-breakdown';
import { SubmitOrder } from './submit-order';

interface CheckoutViewProps {
  confirm: UseQueryResult<ConfirmResult>;
  /** False while the page cannot ask for a price yet (a bad link, the cart still loading). */
  enabled: boolean;
  fromCart: boolean;
  onConsignee: (id: string) => void;
  /** A method chosen for one shipment (decision 0107). */
  onMethod: (shipment: string, code: string) => void;
  /** Cart checkout: takes a line that cannot ship out of this checkout. */
  onRemove?: (line: ConfirmResult['lines'][number]) => void;
}

/** What buy-now and cart checkout share: the confirm call's states, the breakdown and submit. */
export function CheckoutView({ confirm, enabled, fromCart, onConsignee, onMethod, onRemove }: CheckoutViewProps) {
  if (!enabled) return null;
  if (confirm.isError) return <ConfirmError error={confirm.error} onConsignee={onConsignee} />;
  if (!confirm.data) return <Skeleton active />;
  return (
    <Breakdown
      data={confirm.data}
      busy={confirm.isFetching}
      onConsignee={onConsignee}
      onMethod={onMethod}
      onRemove={onRemove}
    >
      <SubmitOrder
        data={confirm.data}
        repricing={confirm.isFetching}
        fromCart={fromCart}
        reconfirm={() => void confirm.refetch()}
      />
    </Breakdown>
  );
}
