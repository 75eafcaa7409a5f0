import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { downloadUrl } from './inventory.api';
import './inventory.css';

/** /user/downloadinventory: the whole inventory as a spreadsheet, headings in the owner's language. */
export default function DownloadInventoryPage() {
  const { t } = useTranslation('inventory');
  const lang = useSession((s) => s.lang);
  return (
    <div className="inv-page">
      <h1>{t('routes:downloadinventory')}</h1>
      <p>{t('download-intro')}</p>
      <p className="inv-head-actions">
        <Button type="primary" href={downloadUrl({}, lang)} download>
          {t('download')}
        </Button>
        <Link to="/user/myinventory">{t('routes:myinventory')}</Link>
      </p>
    </div>
  );
}
