import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMoveWishToCart, useRemoveWish, useWishList } from './cart.api';
import './cart.css';

/**
 * /user/wishlist (SPEC §2; decision 0080): saved products, remove, or move one into the cart;
 * list them all into the owner's stores (decision 0138).
 */
export default function WishListPage() {
  const { t } = useTranslation('cart');
  const money = useMoney();
  const lang = useSession((s) => s.lang);
  const list = useWishList();
  const remove = useRemoveWish();
  const move = useMoveWishToCart();
  const items = list.data ?? [];
  // Each product once (a wish may name one of its variants), none taken down, at most 50 a call.
  const listable = [...new Set(items.filter((i) => !i.takenDown).map((i) => i.prodId))].slice(0, 50);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });

  return (
    <section className="cart-page">
      <div className="wish-head">
        <h1>{t('wishlist.title')}</h1>
        {listable.length ? (
          // The wish list's products into the owner's stores at once (issue 22): the dialog on
          // /user/listed lets some be left out.
          <Link className="button button-secondary" to={`/user/listed?list=${listable.join(',')}`}>
            {t('wishlist.list-to-store', { count: listable.length })}
          </Link>
        ) : null}
      </div>
      {list.isSuccess && items.length === 0 ? (
        <div className="cart-empty">
          <p>{t('wishlist.empty')}</p>
          <Link className="button button-primary" to="/goodslist">
            {t('cart.browse')}
          </Link>
        </div>
      ) : (
        <ul className="wish-list">
          {items.map((item) => (
            <li key={item.id} className="wish-item" data-testid={`wish-${item.id}`}>
              <div className="cart-product">
                {item.pic ? (
                  <img src={item.pic} alt="" width={64} height={64} loading="lazy" />
                ) : (
                  <span className="cart-pic-empty" />
                )}
                <div>
                  <Link
                    to={`/productdetails?prodId=${item.prodId}${item.skuId ? `&skuId=${item.skuId}` : ''}`}
                    className="cart-name"
                  >
                    {item.prodName}
                  </Link>
                  {item.skuName ? <div className="cart-sku">{item.skuName}</div> : null}
                  <div className="cart-sku">
                    {t('wishlist.added-on', { date: date.format(new Date(item.addedAt)) })}
                  </div>
                  {item.takenDown ? <Tag color="red">{t('cart.taken-down')}</Tag> : null}
                </div>
              </div>
              <strong>{item.skuId ? money(item.price) : t('wishlist.from-price', { price: money(item.price) })}</strong>
              <div className="wish-item-actions">
                <Button
                  type="primary"
                  disabled={item.takenDown}
                  onClick={() =>
                    move.mutate(item.id, {
                      onSuccess: (r) => (r.success ? toast.success(t('wishlist.moved')) : undefined),
                    })
                  }
                >
                  {t('wishlist.to-cart')}
                </Button>
                <Button
                  onClick={() =>
                    remove.mutate(item.id, {
                      onSuccess: (r) => (r.success ? toast.success(t('wishlist.removed')) : undefined),
                    })
                  }
                >
                  {t('wishlist.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
