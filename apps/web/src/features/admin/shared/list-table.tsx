import type { ReactNode } from 'react';
import { Table, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import { RowCards } from './row-cards';
import { useNarrow } from './use-narrow';

type Column<Row> = TableColumnsType<Row>[number];

/**
 * The Actions column of every operator table: fixed to the right edge, so its buttons stay in view
 * when the other columns are wider than the console's content area (they scroll under it). Its
 * buttons wrap within a bounded width (admin.css) so that at 1280 px it does not itself push the
 * table past the content area and cover the columns before it. Tables that use it need a
 * horizontal scroll (`scroll={{ x: true }}`); on a phone ListTable shows cards instead.
 */
function actionsColumn<Row>(title: string, render: (row: Row) => ReactNode): Column<Row> {
  return {
    title,
    key: 'actions',
    fixed: 'end',
    className: 'admin-actions-cell',
    render: (_: unknown, row: Row) => render(row),
  };
}

export interface ListTableProps<Row> {
  /** What the list is, for screen readers (on a phone, the cards' list is named by it). */
  label: string;
  rows: readonly Row[];
  /** The row's fields, without the Actions column (added from `actions`). */
  columns: TableColumnsType<Row>;
  rowKey: keyof Row & string;
  /** A row's name: a card's heading on a phone. */
  rowName: (row: Row) => string;
  /** The row's buttons: in the fixed Actions column of the table, at the foot of a card. */
  actions?: (row: Row) => ReactNode;
  actionsTitle: string;
  loading: boolean;
  empty?: ReactNode;
  pagination: TablePaginationConfig | false;
  /** Whether the rows are one server page (else the whole list, paged here). */
  serverPaged: boolean;
  /** Further antd table props (size, expandable rows…). */
  table?: Omit<TableProps<Row>, 'rowKey' | 'columns' | 'dataSource' | 'loading' | 'pagination'>;
  className?: string;
}

/**
 * An operator list as the console draws it at every width (decision 0108): below 768 px a card
 * per row holding its buttons; wider, a table as wide as the content area whose columns wrap, the
 * buttons in a fixed Actions column that covers nothing. AdminListPage draws its list with it; a
 * page with several lists (tabs) uses it for each.
 */
export function ListTable<Row extends object>(props: ListTableProps<Row>) {
  const narrow = useNarrow();
  if (narrow)
    return (
      <RowCards<Row>
        label={props.label}
        rows={props.rows}
        columns={props.columns}
        rowKey={props.rowKey}
        rowName={props.rowName}
        actions={props.actions}
        loading={props.loading}
        empty={props.empty}
        pagination={props.pagination}
        serverPaged={props.serverPaged}
      />
    );
  const columns: TableColumnsType<Row> = props.actions
    ? [...props.columns, actionsColumn<Row>(props.actionsTitle, props.actions)]
    : props.columns;
  return (
    <Table<Row>
      // As wide as the content area, columns wrapping their text to fit it; past its width only
      // when the content cannot wrap (then it scrolls under the fixed Actions column, with a shadow
      // at the edge that has more: layout.css). With 'max-content' every column kept its one-line
      // width and the table overflowed at 1280 px.
      scroll={{ x: true }}
      tableLayout="auto"
      {...props.table}
      locale={props.empty ? { ...props.table?.locale, emptyText: props.empty } : props.table?.locale}
      rowKey={props.rowKey}
      className={props.className}
      columns={columns}
      dataSource={props.rows as Row[]}
      loading={props.loading}
      pagination={props.pagination}
    />
  );
}
