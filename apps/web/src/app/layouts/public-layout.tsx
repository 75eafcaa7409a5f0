import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ContactButton } from './contact-button';
import { Footer } from './footer';
import { Header } from './header';
import './layout.css';

/** Public pages: header, page, footer, floating contact button. No UI kit here (size budget). */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      <Header />
      <main id="main" className="site-main">
        <Outlet />
      </main>
      <Footer />
      <ContactButton />
    </div>
  );
}
