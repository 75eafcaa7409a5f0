import { useState } from 'react';
import { MAX_LISTING_SKUS, type PriceRuleBody, type ProductDetail, ProductDetailSchema } from '@dsm/contract';
import { useQueries } from '@tanstack/react-query';
import { Alert, Checkbox, Form, InputNumber, Modal, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { listingActions, listingKeys, useStores } from './listings.api';

/**
 * "List to store" for several products at once (issue 22, decision 0138): from the wish list or a
 * selection on the goods list. The stores, one price for all (each store's rule, or a multiple
 * that overrides it), every variant of each product (a product past 99 SKUs is refused with the
 * SPEC's words and must be left out, or listed alone from its page to choose its variants); each
 * product × store becomes one listing job, progress on /user/listed. Title, description, images
 * and tags are the catalogue's: the per-product template is the one-product dialog's.
 */
export function ListManyDialog({ prodIds, onClose }: { prodIds: number[]; onClose: (queued: boolean) => void }) {
  const { t } = useTranslation('listings');
  const stores = useStores().data ?? [];
  const usable = stores.filter((s) => s.platform !== 'aliexpress' && s.status === 'connected');
  const products = useQueries({
    queries: prodIds.map((prodId) => ({
      queryKey: listingKeys.product(prodId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.data<ProductDetail>('/prod/prodInfo', { signal, query: { prodId }, schema: ProductDetailSchema }),
    })),
  });
  const [storeIds, setStoreIds] = useState<string[] | null>(null);
  const [left, setLeft] = useState<number[]>([]);
  const [override, setOverride] = useState<number | null>(null);
  const [useOverride, setUseOverride] = useState(false);
  const [lockPrice, setLockPrice] = useState(false);
  const [busy, setBusy] = useState(false);
  // One key per opening: a double click queues these listings once.
  const [key] = useState(() => crypto.randomUUID());

  const chosenStores = storeIds ?? usable.slice(0, 1).map((s) => s.id);
  const loaded = products.flatMap((q) => (q.data ? [q.data] : []));
  const chosen = loaded.filter((p) => !left.includes(p.prodId));
  const tooMany = chosen.filter((p) => p.skuList.length > MAX_LISTING_SKUS);
  const rule: PriceRuleBody | undefined =
    useOverride && override
      ? {
          mode: 'multiple',
          multiple: override,
          markup: null,
          centsEnding: null,
          compareAtMultiple: null,
          minMarginPercent: null,
        }
      : undefined;
  const ready =
    chosenStores.length > 0 &&
    chosen.length > 0 &&
    tooMany.length === 0 &&
    products.every((q) => !q.isLoading) &&
    (!useOverride || !!override);

  async function submit() {
    setBusy(true);
    const res = await listingActions
      .create(
        {
          storeIds: chosenStores,
          // Every variant of each product: the server refuses the 100th, it never cuts.
          items: chosen.map((p) => ({ prodId: p.prodId })),
          ...(rule ? { rule } : {}),
          lockPrice,
        },
        key,
      )
      .finally(() => setBusy(false));
    if (res.success) {
      toast.success(t('dialog.queued', { count: res.data.ids.length }));
      onClose(true);
    }
  }

  return (
    <Modal
      open
      title={t('many.title', { count: prodIds.length })}
      onCancel={() => onClose(false)}
      onOk={submit}
      okText={t('many.submit', { count: chosen.length * chosenStores.length })}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ disabled: !ready, loading: busy }}
      width={720}
    >
      <Form layout="vertical">
        <Form.Item label={t('dialog.stores')}>
          {usable.length ? (
            <Checkbox.Group
              value={chosenStores}
              onChange={(v) => setStoreIds(v as string[])}
              options={stores.map((s) => ({
                value: s.id,
                label:
                  s.platform === 'aliexpress' ? `${s.name} — ${t('dialog.aliexpress')}` : `${s.name} (${s.platform})`,
                disabled: s.platform === 'aliexpress' || s.status !== 'connected',
              }))}
            />
          ) : (
            <Alert type="info" message={t('dialog.no-stores')} />
          )}
        </Form.Item>
        <Form.Item label={t('many.products')} help={t('many.products-help')}>
          <ul className="ls-many">
            {products.map((q, i) => {
              const p = q.data;
              if (!p)
                return (
                  <li key={prodIds[i]} className="ls-muted">
                    {q.isError ? t('many.not-found', { id: prodIds[i] }) : '…'}
                  </li>
                );
              const on = !left.includes(p.prodId);
              const over = p.skuList.length > MAX_LISTING_SKUS;
              return (
                <li key={p.prodId} data-testid={`many-${p.prodId}`}>
                  <Checkbox
                    checked={on}
                    aria-label={p.prodName}
                    onChange={(e) =>
                      setLeft(e.target.checked ? left.filter((x) => x !== p.prodId) : [...left, p.prodId])
                    }
                  />
                  {p.pic ? <img src={p.pic} alt="" width={40} height={40} /> : null}
                  <span>{p.prodName}</span>
                  <span className={over && on ? 'ls-reason' : 'ls-muted'}>
                    {over ? t('dialog.too-many') : t('variants-count', { count: p.skuList.length })}
                  </span>
                </li>
              );
            })}
          </ul>
        </Form.Item>
        <Form.Item label={t('dialog.price')}>
          <Radio.Group
            value={useOverride ? 'override' : 'rule'}
            onChange={(e) => setUseOverride(e.target.value === 'override')}
            options={[
              { value: 'rule', label: t('dialog.use-rule') },
              { value: 'override', label: t('many.use-multiple') },
            ]}
          />
        </Form.Item>
        {useOverride ? (
          <Form.Item label={t('rule.multiple')} help={t('many.multiple-help')}>
            <InputNumber min={0.01} max={100} step={0.1} precision={2} value={override} onChange={setOverride} />
          </Form.Item>
        ) : null}
        <Form.Item label={t('columns.lock-price')} help={t('lock.help')}>
          <Switch checked={lockPrice} onChange={setLockPrice} aria-label={t('columns.lock-price')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
