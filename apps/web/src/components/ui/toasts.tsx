import { useTranslation } from 'react-i18next';
import { toast, useToasts } from '../../lib/toast';
import { AlertIcon, CloseIcon } from './icons';
import './toasts.css';

/** Renders the toast store: a polite live region, so screen readers hear each message. */
export function Toasts() {
  const { t } = useTranslation();
  const items = useToasts();
  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={t('toast.region')}>
      {items.map((item) => (
        <div key={item.id} className={`toast toast-${item.kind}`}>
          {item.kind === 'warning' || item.kind === 'error' ? <AlertIcon size={18} /> : null}
          <span className="toast-text">{item.text}</span>
          <button
            type="button"
            className="toast-close"
            aria-label={t('toast.close')}
            onClick={() => toast.dismiss(item.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
