import { useMemo, useState } from 'react';
import type { Suggestion } from '@dsm/contract';
import { Button, Empty, Input, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useMoney } from '../../lib/money';
import { useCatalogueSearch, useStoreProduct, useSuggestions } from './connections.api';
import { StoreProductHead, Thumb } from './store-product-head';
import './connections.css';

interface Pickable {
  productId: string;
  title: string;
  imageUrl: string | null;
  price: number;
  score?: number;
  matchedBy?: string[];
}

/** The suggestions per variant folded into catalogue products, best match first. */
export function suggestedProducts(suggestions: readonly Suggestion[]): Pickable[] {
  const byProduct = new Map<string, Pickable>();
  for (const s of suggestions) {
    for (const c of s.candidates) {
      const had = byProduct.get(c.productId);
      const matchedBy = [...new Set([...(had?.matchedBy ?? []), ...c.matchedBy])];
      if (!had || (had.score ?? 0) < c.score)
        byProduct.set(c.productId, {
          productId: c.productId,
          title: c.title,
          imageUrl: c.imageUrl,
          price: c.price,
          score: c.score,
          matchedBy,
        });
      else had.matchedBy = matchedBy;
    }
  }
  return [...byProduct.values()].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
}

/**
 * /user/addconnection?product=<storeProductId> (SPEC §2): pick the catalogue product a store
 * product is connected to, from the suggestions (title, options and SKU code compared by the
 * server) or by searching the catalogue inline; the variant table comes next.
 */
export default function AddConnectionPage() {
  const { t } = useTranslation('connections');
  const money = useMoney();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('product');
  const product = useStoreProduct(id);
  const suggestions = useSuggestions(product.data ? id : null);
  const [keyword, setKeyword] = useState('');
  const search = useCatalogueSearch(keyword);
  const suggested = useMemo(() => suggestedProducts(suggestions.data ?? []), [suggestions.data]);

  const choose = (productId: string) =>
    navigate(
      `/user/addconnectionsku?product=${encodeURIComponent(id ?? '')}&catalogue=${encodeURIComponent(productId)}`,
    );

  const item = (p: Pickable) => (
    <List.Item
      key={p.productId}
      actions={[
        <Button
          key="choose"
          type="primary"
          onClick={() => choose(p.productId)}
          aria-label={`${t('pick.choose')}: ${p.title}`}
        >
          {t('pick.choose')}
        </Button>,
      ]}
    >
      <List.Item.Meta
        avatar={<Thumb src={p.imageUrl} size={48} />}
        title={p.title}
        description={
          <span className="cx-muted">
            {money(p.price)}
            {p.score !== undefined ? ` · ${t('pick.score', { score: Math.round(p.score * 100) })}` : ''}{' '}
            {(p.matchedBy ?? []).map((m) => (
              <Tag key={m}>{t(`pick.matched-by.${m}`)}</Tag>
            ))}
          </span>
        }
      />
    </List.Item>
  );

  return (
    <section className="cx-page">
      <h1>{t('pick.title')}</h1>
      <StoreProductHead query={product} />
      {product.data ? (
        <>
          <p className="cx-muted cx-intro">{t('pick.intro')}</p>
          <h2>{t('pick.suggested')}</h2>
          <List
            className="cx-list"
            loading={suggestions.isLoading}
            dataSource={suggested}
            renderItem={item}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pick.no-suggestions')} />,
            }}
          />
          <h2>{t('pick.search')}</h2>
          <Input.Search
            className="cx-search"
            allowClear
            enterButton
            placeholder={t('pick.search-placeholder')}
            aria-label={t('pick.search')}
            onSearch={(v) => setKeyword(v.trim())}
          />
          {keyword ? (
            <List
              className="cx-list"
              loading={search.isFetching}
              dataSource={(search.data?.records ?? []).map((r) => ({
                productId: String(r.prodId),
                title: r.prodName,
                imageUrl: r.pic || null,
                price: r.price,
              }))}
              renderItem={item}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pick.no-results')} /> }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
