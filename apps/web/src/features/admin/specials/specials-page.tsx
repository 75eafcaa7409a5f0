import { useState } from 'react';
import { Button, Select, Tag, type TableColumnsType } from 'antd';
import type { AdminProductListItem } from '@dsm/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { productIdentityColumns } from '../products/product-columns';
import { adminProductsQuery } from '../products/products.api';
import { AdminListPage } from '../shared/list-page';
import { useAdminSpecials, useSaveSpecials } from './specials.api';

/** At most this many featured products (the API's limit). */
const MAX_SPECIALS = 100;

/** The product finder: the operator's own product search, ten at a time. */
function ProductFinder({
  exclude,
  onAdd,
  disabled,
}: {
  exclude: number[];
  onAdd: (prodId: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('admin');
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ ...adminProductsQuery({ current: 1, size: 10, keyword: keyword.trim() || undefined }) });
  const options = (found.data?.records ?? [])
    .filter((p) => !exclude.includes(p.prodId))
    .map((p) => ({
      value: p.prodId,
      label: `#${p.prodId} ${p.prodName}${p.status === 'off' ? ` (${t('products.status-off')})` : ''}`,
    }));
  return (
    <Select<number>
      className="admin-specials-finder"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={null}
      placeholder={t('specials.add-placeholder')}
      aria-label={t('specials.add')}
      options={options}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? null : t('specials.none-found')}
      onChange={(prodId) => onAdd(prodId)}
      disabled={disabled}
    />
  );
}

/**
 * /admin/specials: the featured products of GET /api/prod/specials, in the order visitors see
 * them. Every change is saved at once; a taken-down product stays listed (marked) but visitors
 * do not see it until it is put back.
 */
export default function SpecialsPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const specials = useAdminSpecials();
  const save = useSaveSpecials();
  const [saving, setSaving] = useState(false);
  const list = specials.data ?? [];
  const ids = list.map((p) => p.prodId);

  async function change(next: number[], message: string) {
    setSaving(true);
    const result = await save(next);
    setSaving(false);
    if (result.success) toast.success(message);
  }

  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    void change(next, t('specials.saved'));
  };

  const columns: TableColumnsType<AdminProductListItem> = [
    { title: t('specials.position'), key: 'position', width: 64, render: (_, __, i) => i + 1 },
    ...productIdentityColumns(t),
    { title: t('products.price'), key: 'price', align: 'right', render: (_, p) => formatMoney(p.price, null, lang) },
    {
      title: t('products.status'),
      key: 'status',
      render: (_, p) => <Tag color={p.status === 'on' ? 'green' : 'default'}>{t(`products.status-${p.status}`)}</Tag>,
    },
  ];

  return (
    <AdminListPage<AdminProductListItem>
      title={t('routes:admin-specials')}
      intro={t('specials.intro')}
      before={
        <div className="admin-filters">
          <ProductFinder
            exclude={ids}
            disabled={saving || ids.length >= MAX_SPECIALS}
            onAdd={(prodId) => void change([...ids, prodId], t('specials.added'))}
          />
        </div>
      }
      empty={t('specials.empty')}
      rowKey="prodId"
      columns={columns}
      query={{ ...specials, isFetching: specials.isFetching || saving }}
      paging={false}
      rowName={(p) => p.prodName}
      rowActions={(p) => {
        const i = ids.indexOf(p.prodId);
        return (
          <>
            <Button
              size="small"
              disabled={saving || i === 0}
              aria-label={t('specials.move-up', { name: p.prodName })}
              onClick={() => move(i, -1)}
            >
              ↑
            </Button>
            <Button
              size="small"
              disabled={saving || i === list.length - 1}
              aria-label={t('specials.move-down', { name: p.prodName })}
              onClick={() => move(i, 1)}
            >
              ↓
            </Button>
            <Button
              size="small"
              danger
              disabled={saving}
              aria-label={t('specials.remove-named', { name: p.prodName })}
              onClick={() =>
                void change(
                  ids.filter((id) => id !== p.prodId),
                  t('specials.removed'),
                )
              }
            >
              {t('specials.remove')}
            </Button>
          </>
        );
      }}
    />
  );
}
