import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompassIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<CompassIcon />}
      title={t('not-found.title')}
      text={t('not-found.text')}
      actions={
        <Link className="button button-primary" to="/index">
          {t('not-found.home')}
        </Link>
      }
    />
  );
}
