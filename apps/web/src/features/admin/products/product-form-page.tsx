import { useState } from 'react';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { AdminPage } from '../shared/admin-page';
import { pickName } from '../shared/names';
import { newProductValues, toFormValues, type ProductFormValues } from './product-form.model';
import { ProductForm } from './product-form';
import { adminProductQuery, useAdminProduct } from './products.api';
import { useStatusToggle } from './status-toggle';
import { useSession } from '../../../lib/session';
import { PriceTiersCard } from '../price-tiers/price-tiers-card';

const back = (t: (k: string) => string) => ({ to: '/admin/products', label: t('routes:admin-products') });

/** /admin/products/new */
export function NewProductPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [initial] = useState(newProductValues);
  const onSaved = (product: AdminProduct) => {
    client.setQueryData(adminProductQuery(product.prodId).queryKey, product);
    toast.success(t('products.created'));
    void navigate(`/admin/products/${product.prodId}`, { replace: true });
  };
  return (
    <AdminPage title={t('routes:admin-product-new')} back={back(t)}>
      <ProductForm prodId={null} initialValues={initial} onSaved={onSaved} />
    </AdminPage>
  );
}

/** /admin/products/:prodId */
export function EditProductPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const prodId = Number(useParams().prodId);
  const { data, isError, isLoading } = useAdminProduct(prodId);
  // The form starts from the product as first loaded; a refetch (language switch, status
  // change) must not throw away what the operator is typing.
  const [initial, setInitial] = useState<{ id: number; values: ProductFormValues } | null>(null);
  if (data && data.prodId === prodId && initial?.id !== prodId) setInitial({ id: prodId, values: toFormValues(data) });
  const [toggle, holder] = useStatusToggle();
  const name = data
    ? pickName(Object.fromEntries(Object.entries(data.translations).map(([l, v]) => [l, v.title])), lang)
    : '';

  const actions = data ? (
    <>
      <Tag color={data.status === 'on' ? 'green' : 'default'}>{t(`products.status-${data.status}`)}</Tag>
      {data.status === 'on' ? (
        <a
          className="admin-link-button"
          href={`/productdetails?prodId=${data.prodId}`}
          target="_blank"
          rel="noreferrer"
        >
          {t('products.view-in-store')}
        </a>
      ) : null}
      <Button danger={data.status === 'on'} onClick={() => void toggle(data.prodId, name, data.status)}>
        {data.status === 'on' ? t('products.take-down') : t('products.put-back')}
      </Button>
    </>
  ) : null;

  return (
    <AdminPage
      title={name ? t('products.edit-title', { name }) : t('routes:admin-product-edit')}
      back={back(t)}
      actions={actions}
    >
      {holder}
      {isError ? <Alert type="error" showIcon title={t('products.load-failed')} /> : null}
      {isLoading ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {initial && initial.id === prodId ? (
        <ProductForm
          key={prodId}
          prodId={prodId}
          initialValues={initial.values}
          onSaved={() => toast.success(t('products.saved'))}
        />
      ) : null}
      {initial && initial.id === prodId ? <PriceTiersCard prodId={prodId} /> : null}
    </AdminPage>
  );
}
