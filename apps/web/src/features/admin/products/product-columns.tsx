import type { TableColumnsType } from 'antd';
import type { AdminProductListItem } from '@dsm/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';

type Column = TableColumnsType<AdminProductListItem>[number];

/** The picture and name columns every operator list of products shows (products, specials). */
export function productIdentityColumns(t: TFunction<'admin'>): Column[] {
  return [
    {
      title: t('products.picture'),
      key: 'pic',
      width: 72,
      render: (_, p) => (p.pic ? <img className="admin-thumb" src={p.pic} alt="" loading="lazy" /> : null),
    },
    {
      title: t('products.name'),
      key: 'name',
      render: (_, p) => (
        <div>
          <Link to={`/admin/products/${p.prodId}`}>{p.prodName}</Link>
          <div className="admin-muted">#{p.prodId}</div>
        </div>
      ),
    },
  ];
}
