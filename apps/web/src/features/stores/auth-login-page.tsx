import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LockIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { isLoggedIn, useSession } from '../../lib/session';
import { continueTo } from './flow';
import './stores.css';

/**
 * /authlogin?redirect=<store flow page> (SPEC §2, §6): a visitor who follows a store's
 * authorization without being logged in is asked to log in; the login page then sends them back
 * to the flow page with the platform's query intact. Already logged in → straight on.
 */
export default function AuthLoginPage() {
  const { t } = useTranslation('stores');
  const [params] = useSearchParams();
  const loggedIn = useSession(isLoggedIn);
  const next = continueTo(params.get('redirect'));
  if (loggedIn) return <Navigate to={next} replace />;
  const back = encodeURIComponent(next);
  return (
    <StatusPage
      icon={<LockIcon />}
      title={t('authlogin.title')}
      text={t('authlogin.text')}
      actions={
        <>
          <Link className="button button-primary" to={`/login?redirect=${back}`}>
            {t('authlogin.login')}
          </Link>
          <Link className="button button-secondary" to={`/register?redirect=${back}`}>
            {t('authlogin.register')}
          </Link>
        </>
      }
    />
  );
}
