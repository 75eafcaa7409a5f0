import { Outlet } from 'react-router';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import './layout.css';

/** Top-level pages (login, register, store and payment redirects, 404): a slim bar, then the page. */
export function MinimalLayout() {
  return (
    <div className="site site-minimal">
      <header className="minimal-header">
        <Logo />
        <LanguageSelect />
      </header>
      <main id="main" className="site-main">
        <Outlet />
      </main>
    </div>
  );
}
