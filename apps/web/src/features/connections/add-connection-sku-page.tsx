import { useMemo, useState } from 'react';
import type { StoreVariant } from '@dsm/contract';
import { Alert, Button, Grid, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import {
  connectionActions,
  useCatalogueProduct,
  useRefreshConnections,
  useStoreProduct,
  useSuggestions,
} from './connections.api';
import { StoreProductHead, Thumb, optionsText, stackOnPhone } from './store-product-head';
import './connections.css';

/**
 * /user/addconnectionsku?product=<storeProductId>&catalogue=<productId> (SPEC §2): the store
 * product's variants one per row, each with the catalogue product's SKU it is connected to —
 * filled in from the current connection, else the best suggestion of that product. Saving
 * connects the variants whose choice differs (or confirms one waiting for review).
 */
export default function AddConnectionSkuPage() {
  const { t } = useTranslation('connections');
  const money = useMoney();
  const navigate = useNavigate();
  const refresh = useRefreshConnections();
  const [params] = useSearchParams();
  const wide = Grid.useBreakpoint().md ?? true;
  const id = params.get('product');
  const catalogueId = Number(params.get('catalogue'));
  const product = useStoreProduct(id);
  const suggestions = useSuggestions(product.data ? id : null);
  const catalogue = useCatalogueProduct(Number.isInteger(catalogueId) && catalogueId > 0 ? catalogueId : null);
  const [picked, setPicked] = useState<Record<string, string | null>>({});
  const [saving, setSaving] = useState(false);

  const skuIds = useMemo(() => new Set((catalogue.data?.skuList ?? []).map((s) => String(s.skuId))), [catalogue.data]);
  /** The SKU shown for a variant: the user's pick, the current one of this product, or the best suggestion. */
  const prefilled = useMemo(() => {
    const out: Record<string, { skuId: string; why: 'current' | 'suggested' } | undefined> = {};
    for (const v of product.data?.variants ?? []) {
      const current = v.connection?.sku.skuId;
      if (current && skuIds.has(current)) out[v.id] = { skuId: current, why: 'current' };
      else {
        const best = suggestions.data?.find((s) => s.variantId === v.id)?.candidates.find((c) => skuIds.has(c.skuId));
        if (best) out[v.id] = { skuId: best.skuId, why: 'suggested' };
      }
    }
    return out;
  }, [product.data, suggestions.data, skuIds]);
  const choice = (v: StoreVariant) => (v.id in picked ? picked[v.id] : (prefilled[v.id]?.skuId ?? null));

  const options = (catalogue.data?.skuList ?? []).map((s) => ({
    value: String(s.skuId),
    label: `${s.skuName || catalogue.data!.prodName} · ${s.skuCode} · ${money(s.price)}`,
  }));

  async function save() {
    if (!id || !product.data) return;
    const links = product.data.variants
      .map((v) => ({ v, skuId: choice(v) }))
      .filter(({ v, skuId }) => skuId && (v.connection?.sku.skuId !== skuId || v.connection.state === 'needs-review'))
      .map(({ v, skuId }) => ({ variantId: v.id, skuId: skuId! }));
    if (links.length === 0) {
      toast.warning(t('sku.nothing'));
      return;
    }
    setSaving(true);
    try {
      const res = await connectionActions.connect(id, { links });
      if (res.success) {
        toast.success(t('sku.saved'));
        await refresh();
        navigate(`/user/skuconnect?product=${encodeURIComponent(id)}`);
      }
    } finally {
      setSaving(false);
    }
  }

  const columns: TableColumnsType<StoreVariant> = [
    {
      key: 'variant',
      title: t('sku.variant'),
      render: (_, v) => (
        <div className="cx-row-product">
          <Thumb src={v.imageUrl} size={40} />
          <div>
            <div>{v.title}</div>
            <div className="cx-muted">{[v.sku, optionsText(v.options)].filter(Boolean).join(' · ')}</div>
          </div>
        </div>
      ),
    },
    {
      key: 'sku',
      title: t('sku.catalogue-sku'),
      render: (_, v) => {
        const why = !(v.id in picked) ? prefilled[v.id]?.why : undefined;
        return (
          <div className="cx-sku-cell">
            <Select
              className="cx-sku-select"
              allowClear
              placeholder={t('sku.choose-sku')}
              aria-label={`${t('sku.catalogue-sku')}: ${v.title}`}
              value={choice(v) ?? undefined}
              options={options}
              onChange={(value?: string) => setPicked((p) => ({ ...p, [v.id]: value ?? null }))}
            />
            {why ? <Tag color={why === 'current' ? 'green' : 'blue'}>{t(`sku.${why}`)}</Tag> : null}
          </div>
        );
      },
    },
  ];

  return (
    <section className="cx-page">
      <h1>{t('sku.title')}</h1>
      <StoreProductHead query={product} />
      {product.data ? (
        <>
          <p className="cx-muted cx-intro">{t('sku.intro')}</p>
          {catalogue.isError ? <Alert type="warning" showIcon title={t('sku.product-not-found')} /> : null}
          {catalogue.data ? (
            <div className="cx-catalogue">
              <Thumb src={catalogue.data.pic} size={40} />
              <span>{t('sku.catalogue-product', { title: catalogue.data.prodName })}</span>
              <Link to={`/user/addconnection?product=${encodeURIComponent(id ?? '')}`}>{t('sku.other-product')}</Link>
            </div>
          ) : null}
          <Table<StoreVariant>
            rowKey="id"
            columns={stackOnPhone(columns, wide, 'row')}
            showHeader={wide}
            dataSource={product.data.variants}
            loading={catalogue.isLoading || suggestions.isLoading}
            scroll={wide ? { x: 'max-content' } : undefined}
            pagination={false}
          />
          <div className="cx-bar cx-bar-end">
            <Button type="primary" loading={saving} disabled={!catalogue.data} onClick={() => void save()}>
              {t('sku.save')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
