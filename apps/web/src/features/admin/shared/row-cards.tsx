import { useId, type ReactNode } from 'react';
import { Empty, Pagination, Spin, type TableColumnsType, type TablePaginationConfig } from 'antd';

type Column<Row> = TableColumnsType<Row>[number];

interface RowCardsProps<Row> {
  /** What the list is, for screen readers (the page's title). */
  label: string;
  rows: readonly Row[];
  columns: TableColumnsType<Row>;
  rowKey: keyof Row & string;
  rowName: (row: Row) => string;
  /** The row's buttons: the same ones the table's Actions column holds. */
  actions?: (row: Row) => ReactNode;
  loading: boolean;
  empty?: ReactNode;
  /** The table's paging: a server page's (with `total`), or the whole list's, paged here. */
  pagination: TablePaginationConfig | false;
  /** Whether the rows are one server page (else the whole list, sliced here as antd's table does). */
  serverPaged: boolean;
}

type Tree<Row> = Row & { children?: Tree<Row>[] };

/** A tree's rows (categories) in reading order, each with its depth, so every node gets a card. */
function flatten<Row>(rows: readonly Row[], depth = 0): Array<{ row: Row; depth: number }> {
  return rows.flatMap((row) => {
    const children = (row as Tree<Row>).children;
    return [{ row, depth }, ...(Array.isArray(children) ? flatten(children as Row[], depth + 1) : [])];
  });
}

function valueAt(row: object, path: unknown): unknown {
  if (path === undefined) return undefined;
  const parts = Array.isArray(path) ? path : [path];
  return parts.reduce<unknown>((v, k) => (v == null ? v : (v as Record<string, unknown>)[String(k)]), row);
}

function cell<Row extends object>(column: Column<Row>, row: Row, index: number): ReactNode {
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  const value = valueAt(row, dataIndex);
  if (column.render) {
    const out = column.render(value, row, index);
    // antd lets a render return cell props ({ children, props }); only the content is wanted here.
    return out && typeof out === 'object' && 'children' in out && 'props' in out && !('$$typeof' in out)
      ? (out as { children: ReactNode }).children
      : (out as ReactNode);
  }
  return value as ReactNode;
}

/**
 * An operator list on a phone: one card per row, its fields as label and value and its buttons
 * inside it, so each button sits with the row it acts on (a table's fixed Actions column covered
 * the whole table at 375 px, issue 20). Same columns, same buttons, same paging as the table.
 */
export function RowCards<Row extends object>(props: RowCardsProps<Row>) {
  const id = useId();
  const all = flatten(props.rows);
  const paging = props.pagination;
  const size = paging ? (paging.pageSize ?? 10) : all.length;
  const current = paging ? (paging.current ?? 1) : 1;
  const shown = paging && !props.serverPaged ? all.slice((current - 1) * size, current * size) : all;
  const columns = props.columns.filter((c) => !c.hidden);
  // A column without a plain title (a thumbnail) shows above the labelled fields.
  const hasTitle = (c: Column<Row>) => typeof c.title !== 'function' && Boolean(c.title);
  const titled = columns.filter(hasTitle);
  const untitled = columns.filter((c) => !hasTitle(c));

  return (
    <Spin spinning={props.loading}>
      {shown.length === 0 ? (
        <div className="admin-row-cards-empty">
          {props.loading ? null : (props.empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
        </div>
      ) : (
        <ul className="admin-row-cards" aria-label={props.label}>
          {shown.map(({ row, depth }, index) => {
            const key = String(row[props.rowKey]);
            const titleId = `${id}-${index}`;
            const actions = props.actions?.(row);
            return (
              <li key={key} className="admin-row-card" style={depth ? { marginInlineStart: depth * 16 } : undefined}>
                <article aria-labelledby={titleId}>
                  <h2 id={titleId} className="admin-row-card-title">
                    {props.rowName(row)}
                  </h2>
                  {untitled.map((column, i) => (
                    <div key={String(column.key ?? i)} className="admin-row-card-extra">
                      {cell(column, row, index)}
                    </div>
                  ))}
                  <dl className="admin-row-card-fields">
                    {titled.map((column, i) => (
                      <div key={String(column.key ?? i)}>
                        <dt>{column.title as ReactNode}</dt>
                        <dd>{cell(column, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                  {actions ? <div className="admin-row-card-actions">{actions}</div> : null}
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {paging ? (
        <Pagination
          className="admin-row-cards-pager"
          size="small"
          {...paging}
          total={props.serverPaged ? (paging.total ?? 0) : all.length}
        />
      ) : null}
    </Spin>
  );
}
