import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LockIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';

/** A signed-in user without the operator role who opens /admin. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <main className="standalone">
      <StatusPage
        icon={<LockIcon />}
        tone="warning"
        title={t('forbidden.title')}
        text={t('forbidden.text')}
        actions={
          <Link className="button button-primary" to="/index">
            {t('not-found.home')}
          </Link>
        }
      />
    </main>
  );
}
