import { useMemo } from 'react';
import { Button, Input, Select, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { PRODUCT_STATUS, type AdminProductListItem, type ProductStatus } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { categoryTree, useAdminCategories } from '../categories/categories.api';
import { AdminListPage } from '../shared/list-page';
import { pickName } from '../shared/names';
import { useAdminProducts, type AdminProductsFilter } from './products.api';
import { productIdentityColumns } from './product-columns';
import { useStatusToggle } from './status-toggle';
import { SEARCH_TREE_BY_TITLE } from '../shared/rules';

const SIZES = [10, 20, 50, 100];

function readFilter(params: URLSearchParams): AdminProductsFilter {
  const size = Number(params.get('size'));
  const status = params.get('status');
  return {
    current: Math.max(1, Number(params.get('current')) || 1),
    size: SIZES.includes(size) ? size : 10,
    keyword: params.get('keyword')?.trim() || undefined,
    categoryId: Number(params.get('categoryId')) || undefined,
    status: (PRODUCT_STATUS as readonly string[]).includes(status ?? '') ? (status as ProductStatus) : undefined,
  };
}

/** /admin/products: the catalogue with search, category and status filters, paging. */
export default function ProductsPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const products = useAdminProducts(filter);
  const categories = useAdminCategories();
  const [toggle, holder] = useStatusToggle();
  const tree = useMemo(() => categoryTree(categories.data ?? [], lang), [categories.data, lang]);
  const categoryName = useMemo(() => {
    const map = new Map((categories.data ?? []).map((c) => [c.categoryId, pickName(c.names, lang)]));
    return (id: number) => map.get(id) ?? `#${id}`;
  }, [categories.data, lang]);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }), [lang]);

  /** Changes filters in the address (shareable, kept on back); a new filter starts at page 1. */
  const update = (patch: Partial<Record<keyof AdminProductsFilter, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('current' in patch)) next.delete('current');
    setParams(next, { replace: true });
  };

  const columns: TableColumnsType<AdminProductListItem> = [
    ...productIdentityColumns(t),
    { title: t('products.category'), key: 'category', render: (_, p) => categoryName(p.categoryId) },
    { title: t('products.price'), key: 'price', align: 'right', render: (_, p) => formatMoney(p.price, null, lang) },
    { title: t('products.stock'), dataIndex: 'totalStocks', align: 'right' },
    { title: t('products.sales'), dataIndex: 'sales', align: 'right' },
    {
      title: t('products.status'),
      key: 'status',
      render: (_, p) => <Tag color={p.status === 'on' ? 'green' : 'default'}>{t(`products.status-${p.status}`)}</Tag>,
    },
    { title: t('products.created-at'), key: 'createdAt', render: (_, p) => dateFormat.format(new Date(p.createdAt)) },
  ];

  return (
    <>
      {holder}
      <AdminListPage<AdminProductListItem>
        title={t('routes:admin-products')}
        actions={
          <Link className="button button-primary" to="/admin/products/new">
            {t('products.new')}
          </Link>
        }
        filtersLabel={t('products.filters')}
        filters={
          <>
            <Input.Search
              key={filter.keyword ?? ''}
              defaultValue={filter.keyword}
              aria-label={t('products.search')}
              placeholder={t('products.search-placeholder')}
              allowClear
              enterButton={t('actions.search')}
              onSearch={(keyword) => update({ keyword: keyword.trim() })}
              className="admin-filter-search"
            />
            <TreeSelect
              aria-label={t('products.category-filter')}
              placeholder={t('products.all-categories')}
              treeData={tree}
              value={filter.categoryId}
              allowClear
              showSearch={SEARCH_TREE_BY_TITLE}
              popupMatchSelectWidth={false}
              onChange={(id?: number) => update({ categoryId: id })}
              className="admin-filter-select"
            />
            <Select
              aria-label={t('products.status-filter')}
              value={filter.status ?? ''}
              onChange={(status: string) => update({ status })}
              options={[
                { value: '', label: t('products.all-statuses') },
                { value: 'on', label: t('products.status-on') },
                { value: 'off', label: t('products.status-off') },
              ]}
              className="admin-filter-status"
            />
          </>
        }
        rowKey="prodId"
        columns={columns}
        query={products}
        paging={{
          current: filter.current,
          size: filter.size,
          sizes: SIZES,
          total: (total) => t('products.total', { count: total }),
          onChange: (current, size) => update({ current: size !== filter.size ? 1 : current, size }),
        }}
        rowName={(p) => p.prodName}
        // Edit opens the product's own page (the form is too large for a dialog).
        rowActions={(p) => (
          <>
            <Link to={`/admin/products/${p.prodId}`} aria-label={t('actions.edit-named', { name: p.prodName })}>
              {t('actions.edit')}
            </Link>
            <Button
              size="small"
              danger={p.status === 'on'}
              aria-label={`${p.status === 'on' ? t('products.take-down') : t('products.put-back')}: ${p.prodName}`}
              onClick={() => void toggle(p.prodId, p.prodName, p.status)}
            >
              {p.status === 'on' ? t('products.take-down') : t('products.put-back')}
            </Button>
          </>
        )}
      />
    </>
  );
}
