import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

/**
 * The operator console's own header: the shop's cart, currency and "My stores" mean nothing to an
 * operator at work. The brand, where they are ("Console"), the way back to the shop, the
 * interface language and their account menu (log out).
 */
export function ConsoleHeader() {
  const { t } = useTranslation();
  return (
    <header className="site-header console-header">
      <div className="console-header-inner">
        <Logo />
        <span className="console-badge">{t('console.title')}</span>
        <nav className="console-header-actions" aria-label={t('console.header-label')}>
          <Link to="/index" className="console-to-shop">
            {t('console.to-shop')}
          </Link>
          <LanguageSelect />
        </nav>
        <UserMenu />
      </div>
    </header>
  );
}
