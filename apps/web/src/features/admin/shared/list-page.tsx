import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  type FormInstance,
  type TableColumnsType,
  type TablePaginationConfig,
  type TableProps,
} from 'antd';
import type { Page } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from './admin-page';
import { useConfirm } from './confirm';
import { ListTable } from './list-table';
import { applyServerErrors, type NamePath } from './server-errors';

/** What the page's list query gives: a whole list (paged here) or one server page. */
export interface ListQuery<Row> {
  data?: Row[] | Page<Row>;
  isFetching: boolean;
  isError: boolean;
}

/** The create/edit form, shown in a dialog; its fields are the page's own. */
export interface ListEditor<Row, Values> {
  title: (row: Row | null) => string;
  width?: number;
  initialValues: (row: Row | null) => Values;
  /**
   * The form's items. `errors` lists the fields that have an error after a failed check or a
   * refused save, e.g. to open the language tab that holds the first one.
   */
  fields: (props: { row: Row | null; errors: NamePath[]; form: FormInstance<Values> }) => ReactNode;
  /** Sends the values; the answer's A00002 details go under their fields. */
  submit: (values: Values, row: Row | null) => Promise<ApiResult<unknown>>;
  /** A server field path → the form's own name (default: the same), or null when it has none. */
  mapField?: (path: NamePath, values: Values) => NamePath | null;
  saved: (row: Row | null) => string;
}

/** The server's paging of a `Page` answer. */
export interface ServerPaging {
  current: number;
  size: number;
  onChange: (current: number, size: number) => void;
  /** The "{{count}} in all" text beside the pager. */
  total?: (count: number) => string;
  /** The page sizes offered (antd's default 10, 20, 50, 100). */
  sizes?: number[];
  /** The page-size select: always (default), or only past 50 rows (antd's own default). */
  sizeChanger?: 'always' | 'over-50';
}

/** Confirm, then delete; `name` is the row's `rowName`. */
export interface ListRemove<Row> {
  question: (name: string, row: Row) => string;
  run: (row: Row) => Promise<ApiResult<unknown>>;
  done: (name: string, row: Row) => string;
  /** Why this row cannot be deleted now (the button is disabled and says so), or null. */
  blocked?: (row: Row) => string | null;
}

export interface AdminListPageProps<Row, Values> {
  title: string;
  intro?: ReactNode;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  query: ListQuery<Row>;
  /**
   * The server's paging (for `Page` answers); a whole list is paged in the browser, or not at all
   * with `false` (a short list the operator reads whole).
   */
  paging?: ServerPaging | false;
  /** A keyword box over a whole list: rows for which this is false are hidden. */
  search?: (row: Row, keyword: string) => boolean;
  /** More filters above the table (selects bound to the page's query). */
  filters?: ReactNode;
  /** The name of the filter bar for screen readers. */
  filtersLabel?: string;
  /** Buttons or links beside the title (a link to a create page, a refresh button, a state select). */
  actions?: ReactNode;
  /** Content between the intro and the filters, e.g. a form that adds a row. */
  before?: ReactNode;
  /** What an empty table says (default: antd's "No data"). */
  empty?: ReactNode;
  /** Shown instead of the table when the list fails to load (default: a notice above the table). */
  loadError?: ReactNode;
  /** The Actions column's title (default "Actions"). */
  actionsTitle?: string;
  /** Further antd table props: size, expandable rows, row selection. */
  table?: Omit<TableProps<Row>, 'rowKey' | 'columns' | 'dataSource' | 'loading' | 'pagination'>;
  /** The row's name for screen readers ("Edit {{name}}") and the delete question. */
  rowName: (row: Row) => string;
  /** The create button's label; without it there is no create button. */
  newLabel?: string;
  editor?: ListEditor<Row, Values>;
  /** An editor of its own in a side drawer (e.g. a page edited language by language). */
  drawer?: { title: (row: Row) => string; width?: number; render: (row: Row) => ReactNode };
  remove?: ListRemove<Row>;
  /** Further buttons or links in a row's Actions cell. */
  rowActions?: (row: Row) => ReactNode;
  className?: string;
}

function EditorModal<Row, Values>({
  editor,
  row,
  onClose,
}: {
  editor: ListEditor<Row, Values>;
  row: Row | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const [errors, setErrors] = useState<NamePath[]>([]);
  const [initial] = useState(() => editor.initialValues(row));

  async function submit(values: Values) {
    setSaving(true);
    const result = await editor.submit(values, row).finally(() => setSaving(false));
    if (result.success) {
      toast.success(editor.saved(row));
      onClose();
      return;
    }
    setOrphans(applyServerErrors(form, result, editor.mapField ? (path) => editor.mapField!(path, values) : undefined));
    setErrors(
      form
        .getFieldsError()
        .filter((f) => f.errors.length)
        .map((f) => f.name as NamePath),
    );
  }

  return (
    <Modal
      open
      title={editor.title(row)}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={editor.width ?? 640}
    >
      <ServerErrors messages={orphans} />
      <Form
        form={form}
        layout="vertical"
        initialValues={initial as object}
        onFinish={(v) => void submit(v)}
        onFinishFailed={({ errorFields }) => setErrors(errorFields.map((f) => f.name as NamePath))}
      >
        {editor.fields({ row, errors, form })}
      </Form>
    </Modal>
  );
}

/** Delete, or a disabled Delete that says why (e.g. a category that still holds products). */
function DeleteButton<Row>(props: {
  row: Row;
  name: string;
  blocked: string | null;
  onDelete: (row: Row) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const label = t('actions.delete-named', { name: props.name });
  return (
    <Button
      size="small"
      danger
      disabled={Boolean(props.blocked)}
      title={props.blocked ?? undefined}
      onClick={() => void props.onDelete(props.row)}
      aria-label={props.blocked ? `${label} (${props.blocked})` : label}
    >
      {t('actions.delete')}
    </Button>
  );
}

/**
 * The operator's list-and-edit screen: title and create button, filters, a table with paging whose
 * Actions column stays in view (on a phone, a card per row holding its buttons: decision 0108), the
 * create/edit form in a dialog (or an editor in a drawer), a confirmation before delete, and
 * server validation errors under their fields.
 * Usage: docs/decisions/0066-conventions.md.
 */
export function AdminListPage<Row extends object, Values = Record<string, unknown>>(
  props: AdminListPageProps<Row, Values>,
) {
  const { t } = useTranslation('admin');
  const { query, editor, drawer, remove, rowName } = props;
  const [confirm, holder] = useConfirm();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [opened, setOpened] = useState<Row | null>(null);
  const [keyword, setKeyword] = useState('');
  const [localPage, setLocalPage] = useState({ current: 1, size: 20 });

  const page = Array.isArray(query.data) ? null : (query.data ?? null);
  const rows = useMemo(() => {
    const all = Array.isArray(query.data) ? query.data : (query.data?.records ?? []);
    const wanted = keyword.trim().toLowerCase();
    return props.search && wanted ? all.filter((r) => props.search!(r, wanted)) : all;
  }, [query.data, keyword, props.search]);

  async function onDelete(row: Row) {
    if (!remove) return;
    const name = rowName(row);
    if (!(await confirm({ title: remove.question(name, row), okText: t('actions.delete'), danger: true }))) return;
    const result = await remove.run(row);
    if (result.success) toast.success(remove.done(name, row));
  }

  const hasActions = Boolean(editor || drawer || remove || props.rowActions);
  const rowButtons = (row: Row) => (
    <div className="admin-row-actions">
      {editor || drawer ? (
        <Button
          size="small"
          onClick={() => (editor ? setEditing(row) : setOpened(row))}
          aria-label={t('actions.edit-named', { name: rowName(row) })}
        >
          {t('actions.edit')}
        </Button>
      ) : null}
      {props.rowActions?.(row)}
      {remove ? (
        <DeleteButton row={row} name={rowName(row)} blocked={remove.blocked?.(row) ?? null} onDelete={onDelete} />
      ) : null}
    </div>
  );
  const pagination: TablePaginationConfig | false =
    props.paging === false
      ? false
      : props.paging
        ? {
            current: props.paging.current,
            pageSize: props.paging.size,
            total: page?.total ?? 0,
            ...(props.paging.sizeChanger === 'over-50' ? {} : { showSizeChanger: true }),
            ...(props.paging.sizes ? { pageSizeOptions: props.paging.sizes } : {}),
            ...(props.paging.total ? { showTotal: props.paging.total } : {}),
            onChange: props.paging.onChange,
          }
        : {
            current: localPage.current,
            pageSize: localPage.size,
            hideOnSinglePage: true,
            showSizeChanger: true,
            onChange: (current, size) => setLocalPage({ current, size }),
          };

  return (
    <AdminPage
      title={props.title}
      intro={props.intro}
      actions={
        props.actions || (editor && props.newLabel) ? (
          <>
            {props.actions}
            {editor && props.newLabel ? (
              <Button type="primary" onClick={() => setEditing('new')}>
                {props.newLabel}
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      {holder}
      {props.before}
      {props.search || props.filters ? (
        <div className="admin-filters" role="search" aria-label={props.filtersLabel}>
          {props.search ? (
            <Input.Search
              className="admin-search"
              allowClear
              aria-label={t('actions.search')}
              placeholder={t('actions.search')}
              value={keyword}
              onChange={(e) => {
                setKeyword(e.target.value);
                setLocalPage((p) => ({ ...p, current: 1 }));
              }}
            />
          ) : null}
          {props.filters}
        </div>
      ) : null}
      {query.isError && props.loadError ? (
        props.loadError
      ) : (
        <>
          {query.isError ? <Alert type="error" showIcon title={t('form.load-failed')} /> : null}
          <ListTable<Row>
            label={props.title}
            rows={rows}
            columns={props.columns}
            rowKey={props.rowKey}
            rowName={rowName}
            actions={hasActions ? rowButtons : undefined}
            actionsTitle={props.actionsTitle ?? t('actions.label')}
            loading={query.isFetching}
            empty={props.empty}
            pagination={pagination}
            serverPaged={Boolean(props.paging)}
            table={props.table}
            className={props.className}
          />
        </>
      )}
      {editor && editing ? (
        <EditorModal editor={editor} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {drawer && opened ? (
        <Drawer
          open
          title={drawer.title(opened)}
          size={drawer.width ?? 760}
          onClose={() => setOpened(null)}
          destroyOnHidden
        >
          {drawer.render(opened)}
        </Drawer>
      ) : null}
    </AdminPage>
  );
}
