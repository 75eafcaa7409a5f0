import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ProductListItem, ProductSort } from '@dsm/contract';
import { CloseIcon, SearchIcon } from '../../components/ui/icons';
import { ProductCard, ProductCardSkeleton } from '../../components/ui/product-card';
import { StatusPage } from '../../components/ui/status-page';
import { prefetch } from '../../lib/prefetch';
import { isLoggedIn, session, useSession } from '../../lib/session';
import { categoryTreeQuery, useCategoryTree } from '../../lib/categories';
import { countriesQuery } from '../../lib/countries';
import { warehousesQuery } from '../../lib/ship-to';
import { productSearchQuery, useProductSearch } from './catalogue.api';
import { CategoryTree, categoryPath } from './category-tree';
import {
  DEFAULT_STATE,
  PAGE_SIZE,
  SORTS,
  goodsListSearch,
  parseGoodsListParams,
  toProductSearch,
  withChange,
  type GoodsListState,
} from './goods-list-state';
import { Pagination } from './pagination';
import { PriceFilter } from './price-filter';
import { ShipsFromNote, ShipsToFilter, useShipsFromNotes, type ShipsFromText } from './ships-to';
import '../../components/ui/field.css';
import './goods-list.css';

const FilterIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M4 6h16M7 12h10M10 18h4" />
  </svg>
);

/**
 * /goodslist: products by keyword, category and price range, sorted and paged. The URL query is
 * the only state (goods-list-state.ts): every control is a link or a navigation, so a copied
 * link shows the same page and the back button undoes the last change.
 */
/**
 * The cards of the first screenful load their pictures at once (two rows on a phone, one on a
 * wide screen); the first picture is the page's largest paint on a phone. The rest stay lazy.
 */
const FIRST_SCREEN_CARDS = 4;
const firstScreenPriority = (index: number) => (index === 0 ? 'high' : index < FIRST_SCREEN_CARDS ? 'auto' : undefined);

/**
 * One card of the grid with its "ships from" note. Memoized on plain values: the page renders
 * again as each of its answers arrives (tree, countries, warehouses, ships-to), and twenty cards
 * drawn again each time were long tasks on a phone (decision 0112).
 */
const GoodsCard = memo(function GoodsCard({
  product,
  originalLabel,
  priority,
  from,
  mark,
  selectLabel,
  selected,
  onSelect,
}: {
  product: ProductListItem;
  originalLabel: string;
  priority: 'high' | 'auto' | undefined;
  /** Signed in only: the box that adds the product to the selection to list into a store. */
  selectLabel?: string;
  selected?: boolean;
  onSelect?: (prodId: number, on: boolean) => void;
} & ShipsFromText) {
  return (
    <ProductCard product={product} originalLabel={originalLabel} priority={priority}>
      <ShipsFromNote from={from} mark={mark} />
      {onSelect ? (
        <label className="goods-select">
          <input type="checkbox" checked={!!selected} onChange={(e) => onSelect(product.prodId, e.target.checked)} />{' '}
          {selectLabel}
        </label>
      ) : null}
    </ProductCard>
  );
});

/** At most this many products in one "List to store" (the listing API's limit per call). */
const MAX_SELECTED = 50;

/**
 * The route's loader: the search (as the page asks for it) and the category tree (the filters and
 * the breadcrumb) start with the page's chunks (lib/prefetch.ts).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const state = parseGoodsListParams(new URL(request.url).searchParams);
  const search = toProductSearch(state, session.get().pay_rate?.currencyCode ?? 'USD');
  return prefetch((client) => {
    void client.prefetchQuery(productSearchQuery(search));
    void client.prefetchQuery(categoryTreeQuery);
    // The cards' ships-from notes: in the cache for the first render, not one render later each.
    void client.prefetchQuery(countriesQuery);
    void client.prefetchQuery(warehousesQuery);
  });
}

export default function GoodsListPage() {
  const { t } = useTranslation('catalogue');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => parseGoodsListParams(params), [params]);
  const visitorCurrency = useSession((s) => s.pay_rate?.currencyCode ?? 'USD');
  const rangeCurrency = state.currency ?? visitorCurrency;
  const search = useMemo(() => toProductSearch(state, visitorCurrency), [state, visitorCurrency]);
  const results = useProductSearch(search);
  const { data: tree } = useCategoryTree();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const sortId = useId();
  const shipsFrom = useShipsFromNotes(state.shipsTo);
  // A selection to list into the owner's stores (issue 22); it survives paging and filtering.
  const loggedIn = useSession(isLoggedIn);
  const [selected, setSelected] = useState<number[]>([]);
  const onSelect = useCallback(
    (prodId: number, on: boolean) =>
      setSelected((now) =>
        on
          ? now.includes(prodId) || now.length >= MAX_SELECTED
            ? now
            : [...now, prodId]
          : now.filter((x) => x !== prodId),
      ),
    [],
  );

  // The header's search box shows the keyword being looked at (it clears it when we leave).
  useEffect(() => {
    if (session.get().searchWord !== state.keyword) session.set({ searchWord: state.keyword });
  }, [state.keyword]);

  const href = (change: Partial<GoodsListState>) => `/goodslist${goodsListSearch(withChange(state, change))}`;
  const path = tree ? categoryPath(tree, state.categoryId) : [];
  const category = path.at(-1);

  const title = state.keyword
    ? t('title.search', { keyword: state.keyword })
    : (category?.categoryName ?? (state.categoryId === null ? t('title.all') : t('title.products')));
  const hasFilters =
    Boolean(state.keyword) ||
    state.categoryId !== null ||
    state.minPrice !== null ||
    state.maxPrice !== null ||
    state.shipsTo !== null;
  const page = results.data;
  const money = (n: number) => n.toFixed(2);

  return (
    <div className="goods-page">
      <div className="goods-head">
        {path.length ? (
          <nav aria-label={t('breadcrumb')} className="breadcrumb">
            <ol>
              <li>
                <Link to={href({ categoryId: null })}>{t('title.all')}</Link>
              </li>
              {path.map((c, i) => (
                <li key={c.categoryId}>
                  {i === path.length - 1 ? (
                    <span aria-current="page">{c.categoryName}</span>
                  ) : (
                    <Link to={href({ categoryId: c.categoryId })}>{c.categoryName}</Link>
                  )}
                </li>
              ))}
            </ol>
          </nav>
        ) : state.categoryId !== null && !tree ? (
          // The breadcrumb's line, kept while the tree loads: nothing moves down when it comes.
          <div className="breadcrumb-placeholder" aria-hidden="true" />
        ) : null}
        <h1>{title}</h1>
        <p className="goods-count" role="status">
          {page ? t('count', { count: page.total }) : ''}
        </p>
      </div>

      <div className="goods-layout">
        <button
          type="button"
          className="button button-secondary goods-filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((v) => !v)}
        >
          <FilterIcon />
          {t('filters.toggle')}
        </button>
        <aside id={filtersId} className="goods-filters" data-open={filtersOpen} aria-label={t('filters.label')}>
          <h2 className="filter-title">{t('filters.categories')}</h2>
          {tree ? (
            <CategoryTree tree={tree} currentId={state.categoryId} linkTo={(categoryId) => href({ categoryId })} />
          ) : (
            <div className="category-tree-skeleton" aria-hidden="true" />
          )}
          <PriceFilter
            key={`${state.minPrice}|${state.maxPrice}|${rangeCurrency}`}
            minPrice={state.minPrice}
            maxPrice={state.maxPrice}
            currency={rangeCurrency}
            onApply={({ minPrice, maxPrice }) => {
              void navigate(
                href({ minPrice, maxPrice, currency: minPrice === null && maxPrice === null ? null : rangeCurrency }),
              );
            }}
          />
          <ShipsToFilter
            active={state.shipsTo}
            onToggle={(shipsTo) => void navigate(href({ shipsTo }))}
            onCountry={(shipsTo) => (state.shipsTo ? void navigate(href({ shipsTo })) : undefined)}
          />
        </aside>

        <section className="goods-results" aria-label={t('results')}>
          <div className="goods-toolbar">
            <ul className="filter-chips" aria-label={t('filters.active')}>
              {state.keyword ? (
                <li>
                  <Link
                    className="chip"
                    to={href({ keyword: '' })}
                    aria-label={t('filters.remove-keyword', { keyword: state.keyword })}
                  >
                    <SearchIcon size={14} />
                    {state.keyword}
                    <CloseIcon size={14} />
                  </Link>
                </li>
              ) : null}
              {state.categoryId !== null ? (
                <li>
                  <Link
                    className="chip"
                    to={href({ categoryId: null })}
                    aria-label={t('filters.remove-category', { name: category?.categoryName ?? state.categoryId })}
                  >
                    {category?.categoryName ?? `#${state.categoryId}`}
                    <CloseIcon size={14} />
                  </Link>
                </li>
              ) : null}
              {state.minPrice !== null || state.maxPrice !== null ? (
                <li>
                  <Link
                    className="chip"
                    to={href({ minPrice: null, maxPrice: null })}
                    aria-label={t('filters.remove-price')}
                  >
                    {t('filters.range', {
                      currency: rangeCurrency,
                      min: state.minPrice === null ? '0.00' : money(state.minPrice),
                      max: state.maxPrice === null ? '∞' : money(state.maxPrice),
                    })}
                    <CloseIcon size={14} />
                  </Link>
                </li>
              ) : null}
              {hasFilters ? (
                <li>
                  <Link
                    className="chip-clear"
                    to={`/goodslist${goodsListSearch({ ...DEFAULT_STATE, sort: state.sort })}`}
                  >
                    {t('filters.clear-all')}
                  </Link>
                </li>
              ) : null}
            </ul>
            <div className="sort-field">
              <label htmlFor={sortId}>{t('sort.label')}</label>
              <select
                id={sortId}
                className="ui-select"
                value={state.sort}
                onChange={(e) => void navigate(href({ sort: e.target.value as ProductSort }))}
              >
                {SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`sort.${sort}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {results.isError && !page ? (
            <StatusPage
              heading="h2"
              tone="warning"
              title={t('error.title')}
              text={results.error.message}
              actions={
                <button type="button" className="button button-secondary" onClick={() => void results.refetch()}>
                  {t('error.retry')}
                </button>
              }
            />
          ) : page && page.records.length === 0 && page.total > 0 ? (
            <StatusPage
              heading="h2"
              title={t('empty.page-title')}
              actions={
                <Link className="button button-secondary" to={href({ current: 1 })}>
                  {t('empty.first-page')}
                </Link>
              }
            />
          ) : page && page.records.length === 0 ? (
            <StatusPage
              heading="h2"
              icon={<SearchIcon />}
              title={t('empty.title')}
              text={t('empty.text')}
              actions={
                hasFilters ? (
                  <Link className="button button-secondary" to="/goodslist">
                    {t('filters.clear-all')}
                  </Link>
                ) : undefined
              }
            />
          ) : (
            <ul className="product-grid goods-grid" aria-busy={!page || results.isPlaceholderData}>
              {page
                ? page.records.map((p, i) => (
                    <GoodsCard
                      key={p.prodId}
                      product={p}
                      originalLabel={t('price.original')}
                      priority={firstScreenPriority(i)}
                      {...shipsFrom(p.warehouse)}
                      {...(loggedIn
                        ? { selectLabel: t('select.label'), selected: selected.includes(p.prodId), onSelect }
                        : {})}
                    />
                  ))
                : Array.from({ length: 8 }, (_, i) => <ProductCardSkeleton key={i} />)}
            </ul>
          )}

          {selected.length ? (
            <div className="goods-selection" role="region" aria-label={t('select.region')}>
              <span>{t('select.count', { count: selected.length, max: MAX_SELECTED })}</span>
              <Link className="button button-primary" to={`/user/listed?list=${selected.join(',')}`}>
                {t('select.list')}
              </Link>
              <button type="button" className="button button-secondary" onClick={() => setSelected([])}>
                {t('select.clear')}
              </button>
            </div>
          ) : null}

          {page ? (
            <Pagination
              current={Math.min(state.current, Math.max(page.pages, 1))}
              pages={page.pages || Math.ceil(page.total / PAGE_SIZE)}
              linkTo={(n) => href({ current: n })}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
