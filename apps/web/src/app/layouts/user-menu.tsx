import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDownIcon, UserIcon } from '../../components/ui/icons';
import { api } from '../../lib/api';
import { isAgent, isOperator, session, useSession } from '../../lib/session';

/** SPEC §2 "Header behaviour": the account menu's entries, in order. */
export const USER_MENU = [
  { key: 'account', to: '/user/profile' },
  { key: 'wallet', to: '/user/walletbalance' },
  { key: 'products', to: '/user/wishlist' },
  { key: 'order', to: '/user/storeorder' },
  { key: 'list', to: '/user/listed' },
  { key: 'connection', to: '/user/connection' },
] as const;

/** A disclosure menu: the button toggles a list of links; Escape or a click outside closes it. */
export function UserMenu() {
  const { t } = useTranslation();
  const shopName = useSession((s) => s.shop_name);
  const operator = useSession(isOperator);
  const agent = useSession(isAgent);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function logout() {
    setOpen(false);
    // Leave the page first, and stop its queries: cleared on a guarded page (/user/*), the
    // session's guard would send the visitor to /login?redirect=<that page>, and so would an
    // answer A00004 to one of its queries arriving after the server ended the session.
    await queryClient.cancelQueries();
    await navigate('/login');
    // The session ends here whatever the server answers (it may already consider it ended).
    await api.post('/logout', undefined, { noshow: true });
    session.clear();
    queryClient.clear();
  }

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        // The visible shop name starts the spoken name too (WCAG 2.5.3, label in name).
        aria-label={shopName ? `${shopName}, ${t('header.account-menu')}` : t('header.account-menu')}
        onClick={() => setOpen((v) => !v)}
      >
        <UserIcon />
        {shopName ? <span className="user-menu-name">{shopName}</span> : null}
        <ChevronDownIcon />
      </button>
      <ul id={menuId} className="user-menu-list" hidden={!open}>
        {USER_MENU.map((item) => (
          <li key={item.key}>
            <Link to={item.to}>{t(`user-menu.${item.key}`)}</Link>
          </li>
        ))}
        {/* The operator's (and an agent's) way into the console; nobody else sees it (the route refuses them anyway). */}
        {operator || agent ? (
          <li className="user-menu-sep">
            <Link to="/admin">{t('user-menu.console')}</Link>
          </li>
        ) : null}
        <li className="user-menu-sep">
          <button type="button" onClick={() => void logout()}>
            {t('user-menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
