import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { ProgressBar } from '../components/ui/progress-bar';
import { useCurrencyDefaults } from '../lib/currency';
import { useLoadingCount } from '../lib/loading';
import { session } from '../lib/session';
import { useRouteTitleKey } from './route-handle';

/** Document title: "<page> | <brand>", in the current language. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  useEffect(() => {
    const brand = t('brand');
    document.title = titleKey ? `${t(titleKey)} | ${brand}` : brand;
  }, [t, titleKey]);
}

/** SPEC §2: the search word lives while the visitor is on /goodslist and is cleared on leaving it. */
function useSearchWordLifetime() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname.toLowerCase() !== '/goodslist' && session.get().searchWord) session.set({ searchWord: '' });
  }, [pathname]);
}

/** An affiliate's link (`?ref=CODE`, on any page) is kept for the registration form (issue 26). */
function useReferral() {
  const { search } = useLocation();
  useEffect(() => {
    // Loaded only for a link that carries one: every public page's first load stays in its budget.
    if (search.includes('ref=')) void import('../lib/referral').then((m) => m.captureReferral(search));
  }, [search]);
}

/** The root route: app-wide effects, the top progress bar (requests + route loads), the page. */
export function AppRoot() {
  useDocumentTitle();
  useSearchWordLifetime();
  useReferral();
  useCurrencyDefaults();
  const requests = useLoadingCount();
  const navigation = useNavigation();
  return (
    <>
      <ProgressBar active={requests > 0 || navigation.state !== 'idle'} />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
