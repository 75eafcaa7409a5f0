import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CartIcon, GlobeIcon, SearchIcon, StoreIcon } from '../../components/ui/icons';
import { useCartCountSync } from '../../lib/cart';
import { isActiveUser, session, useSession } from '../../lib/session';
import { CurrencySelect } from './currency-select';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

/** SPEC §2 "Header behaviour". */
export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const searchWord = useSession((s) => s.searchWord);
  useCartCountSync();
  const cartCount = useSession((s) => s.shoppingCartCount);
  const activeUser = useSession(isActiveUser);
  const [text, setText] = useState(searchWord);
  const [prefsOpen, setPrefsOpen] = useState(false);
  const searchId = useId();
  const prefsId = useId();

  // The stored word is cleared when the visitor leaves /goodslist: the box follows it.
  useEffect(() => setText(searchWord), [searchWord]);

  function onSearch(event: FormEvent) {
    event.preventDefault();
    const word = text.trim();
    session.set({ searchWord: word });
    void navigate(word ? `/goodslist?keyword=${encodeURIComponent(word)}` : '/goodslist');
  }

  return (
    <header className="site-header" data-prefs-open={prefsOpen}>
      <div className="header-inner">
        <Logo />

        <form role="search" className="header-search" onSubmit={onSearch}>
          <label htmlFor={searchId} className="sr-only">
            {t('header.search-label')}
          </label>
          <input
            id={searchId}
            type="search"
            name="keyword"
            enterKeyHint="search"
            value={text}
            placeholder={t('header.search-placeholder')}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" aria-label={t('header.search-button')}>
            <SearchIcon size={20} />
          </button>
        </form>

        <div className="header-prefs" id={prefsId}>
          <LanguageSelect />
          <CurrencySelect />
        </div>

        <nav className="header-actions" aria-label={t('header.actions')}>
          <button
            type="button"
            className="icon-button prefs-toggle"
            aria-expanded={prefsOpen}
            aria-controls={prefsId}
            aria-label={t('header.preferences')}
            onClick={() => setPrefsOpen((v) => !v)}
          >
            <GlobeIcon />
          </button>
          <Link
            to="/user/shoppingcart"
            className="icon-button"
            aria-label={cartCount > 0 ? t('header.cart-count', { count: cartCount }) : t('header.cart')}
          >
            <CartIcon />
            {cartCount > 0 ? (
              <span className="badge" data-testid="cart-badge" aria-hidden="true">
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            ) : null}
          </Link>
          <Link to="/user/shopify" className="icon-button" aria-label={t('header.store')}>
            <StoreIcon />
          </Link>
          {activeUser ? (
            <UserMenu />
          ) : (
            <Link to="/login" className="button button-primary login-button">
              {t('header.login')}
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
