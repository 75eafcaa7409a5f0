import { CART_BATCH_TYPES, type CartLine } from '@dsm/contract';
import { Alert, Button, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useCart, useCartBatch } from './cart.api';
import { LineQuantity } from './line-quantity';
import './cart.css';

/**
 * /user/shoppingcart (SPEC §2; decision 0080): the lines with their flags, selection kept on the
 * server (so checkout reads the same), quantity, delete or move the selected lines, the totals
 * of the selected lines, and "Check out" to /user/cartpaylist with the selected ids.
 */
export default function CartPage() {
  const { t } = useTranslation('cart');
  const money = useMoney();
  const navigate = useNavigate();
  const cart = useCart();
  const batch = useCartBatch();

  const lines = cart.data?.lines ?? [];
  const selectedIds = lines.filter((l) => l.selected).map((l) => l.basketId);
  const totals = cart.data?.totals;

  function run(type: (typeof CART_BATCH_TYPES)[keyof typeof CART_BATCH_TYPES], ids: number[], done?: string) {
    if (ids.length === 0) {
      toast.warning(t('cart.select-first'));
      return;
    }
    batch.mutate({ type, basketIds: ids }, { onSuccess: (r) => (r.success && done ? toast.success(done) : undefined) });
  }

  function checkout() {
    const ids = lines.filter((l) => l.selected && !l.takenDown).map((l) => l.basketId);
    if (totals?.takenDownSelected) {
      toast.warning(t('cart.taken-down-notice'));
      return;
    }
    if (ids.length === 0) {
      toast.warning(t('cart.select-first'));
      return;
    }
    void navigate(`/user/cartpaylist?basketIds=${ids.join(',')}`);
  }

  // The selected lines into inventory (issue 24): the inventory orders page prices and places them.
  function buyIntoInventory() {
    const chosen = lines.filter((l) => l.selected && !l.takenDown);
    if (chosen.length === 0) {
      toast.warning(t('cart.select-first'));
      return;
    }
    void navigate(`/user/inventoryorders?buy=${chosen.map((l) => `${l.prodId}:${l.skuId}:${l.count}`).join(',')}`);
  }

  const columns: TableColumnsType<CartLine> = [
    {
      title: t('cart.product'),
      key: 'product',
      render: (_, line) => (
        <div className="cart-product">
          {line.pic ? (
            <img src={line.pic} alt="" width={64} height={64} loading="lazy" />
          ) : (
            <span className="cart-pic-empty" />
          )}
          <div>
            <Link to={`/productdetails?prodId=${line.prodId}&skuId=${line.skuId}`} className="cart-name">
              {line.prodName}
            </Link>
            {line.skuName ? <div className="cart-sku">{line.skuName}</div> : null}
            {line.takenDown ? (
              <Tag color="red" data-testid={`taken-down-${line.basketId}`}>
                {t('cart.taken-down')}
              </Tag>
            ) : (
              <div className="cart-stock">{t('cart.stock-left', { count: line.stocks })}</div>
            )}
          </div>
        </div>
      ),
    },
    {
      title: t('cart.unit-price'),
      key: 'price',
      align: 'right',
      render: (_, line) => (
        <div>
          <div>{money(line.price)}</div>
          {line.priceChanged ? (
            <Tag color="orange" data-testid={`price-changed-${line.basketId}`}>
              {t('cart.price-changed', { price: money(line.addedPrice) })}
            </Tag>
          ) : null}
        </div>
      ),
    },
    { title: t('cart.quantity'), key: 'count', render: (_, line) => <LineQuantity line={line} /> },
    {
      title: t('cart.subtotal'),
      key: 'subtotal',
      align: 'right',
      render: (_, line) => <strong>{money(line.subtotal)}</strong>,
    },
    {
      title: t('cart.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, line) => (
        <div className="cart-row-actions">
          <Button
            type="link"
            size="small"
            onClick={() => run(CART_BATCH_TYPES.moveToWishList, [line.basketId], t('cart.moved'))}
          >
            {t('cart.move')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => run(CART_BATCH_TYPES.delete, [line.basketId], t('cart.deleted'))}
          >
            {t('cart.delete')}
          </Button>
        </div>
      ),
    },
  ];

  if (cart.isSuccess && lines.length === 0) {
    return (
      <section className="cart-page">
        <h1>{t('cart.title')}</h1>
        <div className="cart-empty">
          <p>{t('cart.empty')}</p>
          <Link className="button button-primary" to="/goodslist">
            {t('cart.browse')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="cart-page">
      <h1>{t('cart.title')}</h1>
      {totals?.takenDownSelected ? (
        <Alert type="warning" showIcon message={t('cart.taken-down-notice')} className="cart-alert" />
      ) : null}
      <Table<CartLine>
        rowKey="basketId"
        loading={cart.isLoading}
        dataSource={lines}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(line) => (line.takenDown ? 'cart-row-taken-down' : '')}
        rowSelection={{
          selectedRowKeys: selectedIds,
          columnTitle: undefined,
          getTitleCheckboxProps: () => ({ 'aria-label': t('cart.select-all') }),
          getCheckboxProps: (line) => ({ 'aria-label': t('cart.select-line', { name: line.prodName }) }),
          onSelect: (line, selected) =>
            run(selected ? CART_BATCH_TYPES.select : CART_BATCH_TYPES.unselect, [line.basketId]),
          onSelectAll: (selected) =>
            run(
              selected ? CART_BATCH_TYPES.select : CART_BATCH_TYPES.unselect,
              lines.filter((l) => l.selected !== selected).map((l) => l.basketId),
            ),
        }}
      />
      <div className="cart-footer">
        <div className="cart-footer-actions">
          <Popconfirm
            title={t('cart.confirm-delete')}
            onConfirm={() => run(CART_BATCH_TYPES.delete, selectedIds, t('cart.deleted'))}
            disabled={selectedIds.length === 0}
          >
            <Button
              danger
              onClick={() => (selectedIds.length === 0 ? toast.warning(t('cart.select-first')) : undefined)}
            >
              {t('cart.delete-selected')}
            </Button>
          </Popconfirm>
          <Button onClick={() => run(CART_BATCH_TYPES.moveToWishList, selectedIds, t('cart.moved'))}>
            {t('cart.move-selected')}
          </Button>
        </div>
        <div className="cart-summary">
          <span data-testid="cart-selected-count">
            {t('cart.selected-summary', { count: totals?.selectedCount ?? 0 })}
          </span>
          <span className="cart-total">
            {t('cart.total')}: <strong data-testid="cart-total">{money(totals?.goodsTotal ?? 0)}</strong>
          </span>
          <Button size="large" onClick={buyIntoInventory}>
            {t('cart.inventory')}
          </Button>
          <Button type="primary" size="large" onClick={checkout}>
            {t('cart.checkout')}
          </Button>
        </div>
      </div>
    </section>
  );
}
