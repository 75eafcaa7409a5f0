import { useState } from 'react';
import { Alert, Skeleton } from 'antd';
import type { AdminSourcing, Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ProductForm } from '../products/product-form';
import { newProductValues, type ProductFormValues } from '../products/product-form.model';
import { AdminPage } from '../shared/admin-page';
import { createProductFor, useAdminSourcingOne, useRefreshAdminSourcing } from './sourcing.api';

/**
 * The catalogue's product form filled in from the request (decision 0134): its title and
 * description in the console's language, its pictures, and its URL as the source note. Saving
 * creates the product and answers the request with it in one step on the server.
 */
export function valuesFromRequest(r: AdminSourcing, lang: Locale): ProductFormValues {
  const values = newProductValues();
  values.translations[lang] = { title: r.title, brief: '', description: r.description };
  values.imgs = [...r.images];
  values.sourceNote = r.url;
  return values;
}

/** /admin/sourcing/:id/product */
export default function SourcingProductPage() {
  const { t } = useTranslation(['sourcing', 'admin']);
  const lang = useSession((s) => s.lang);
  const id = useParams().id ?? '';
  const request = useAdminSourcingOne(id);
  const navigate = useNavigate();
  const refresh = useRefreshAdminSourcing();
  const [key] = useState(() => crypto.randomUUID());
  // The form starts from the request as first loaded; later refetches leave the typing alone.
  const [initial, setInitial] = useState<ProductFormValues | null>(null);
  const r = request.data;
  if (r && !initial) setInitial(valuesFromRequest(r, lang));
  const open = r && (r.state === 'pending' || r.state === 'processing');
  return (
    <AdminPage
      title={r ? t('admin.product-title', { number: r.number }) : t('routes:admin-sourcing-product')}
      back={{ to: '/admin/sourcing', label: t('routes:admin-sourcing') }}
      intro={t('admin.product-intro')}
    >
      {request.isError ? <Alert type="error" showIcon title={t('detail.not-found')} /> : null}
      {request.isLoading ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {r && !open ? <Alert type="info" showIcon title={t(`states.${r.state}`)} /> : null}
      {r && open && initial ? (
        <ProductForm
          prodId={null}
          initialValues={initial}
          onSaved={() => undefined}
          via={{
            save: (body) => createProductFor(r.id, body, key),
            done: () => {
              toast.success(t('admin.product-done', { number: r.number }));
              void refresh();
              void navigate('/admin/sourcing');
            },
            cancelTo: '/admin/sourcing',
          }}
        />
      ) : null}
    </AdminPage>
  );
}
