import { Space } from 'antd';
import type { ServerPaging } from './list-page';

/**
 * The shape the console's request queues share (after-sales, sourcing, withdrawals): a server-paged
 * list filtered by state, oldest open request first, whose first column names the request (its
 * number, when it came, whose it is).
 */

/** A queue's first cell: the request's number (its buttons can point at `id`), when, and whose. */
export function RequestCell({ number, when, email, id }: { number: string; when: string; email: string; id?: string }) {
  return (
    <Space orientation="vertical" size={0}>
      <strong id={id}>{number}</strong>
      <span className="admin-muted">{when}</span>
      <span className="admin-break">{email}</span>
    </Space>
  );
}

/** A queue's paging: the filter's page, the size select past 50 rows, "{{count}} in all". */
export function queuePaging<F extends { current: number; size: number }>(
  filter: F,
  setFilter: (next: F) => void,
  total: (count: number) => string,
): ServerPaging {
  return {
    current: filter.current,
    size: filter.size,
    sizeChanger: 'over-50',
    total,
    onChange: (current, size) => setFilter({ ...filter, current, size }),
  };
}
