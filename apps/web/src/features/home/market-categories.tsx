import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORY_ICON_KEYS, CategoryIcon } from '../../components/ui/category-icon';
import { useCategoryTree } from '../../lib/categories';
import { useAfterFirstPaint } from './use-after-first-paint';

/**
 * The commodity market: one tile per top-level category with its icon, linking to the goods list
 * of that category. Until the tree arrives the 18 tiles show with this site's own names, so the
 * grid has its final size from the first paint.
 */
export function MarketCategories() {
  // The tree is asked for after the first paint, which shows the tiles with this site's names.
  const ready = useAfterFirstPaint();
  const { t } = useTranslation('home');
  const { data: tree } = useCategoryTree(ready);
  const tiles = tree?.length
    ? tree.map((c) => ({
        key: String(c.categoryId),
        icon: c.icon,
        name: c.categoryName,
        to: `/goodslist?categoryId=${c.categoryId}`,
      }))
    : CATEGORY_ICON_KEYS.map((icon) => ({ key: icon, icon, name: t(`market.icons.${icon}`), to: '/goodslist' }));

  return (
    <section className="home-market" aria-labelledby="home-market-title">
      <div className="home-section-head">
        <h2 id="home-market-title">{t('market.title')}</h2>
        <Link to="/goodslist" className="home-more">
          {t('market.all')}
        </Link>
      </div>
      <ul className="market-grid">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.to} className="market-tile" data-icon={tile.icon}>
              <span className="market-icon">
                <CategoryIcon icon={tile.icon} />
              </span>
              <span className="market-name">{tile.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
