import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What the last step on a list did ("Order O… is shipped"), with a link to the filter that now
 * holds the row when the list shown no longer does (decision 0108 §5): the row does not silently
 * vanish from a filtered list. It stays until closed or replaced by the next step, unlike a toast.
 */
export function StepNotice({ text, show, onClose }: { text: string | null; show?: ReactNode; onClose: () => void }) {
  const { t } = useTranslation('common');
  // Far down a long list (a phone) the notice above it would be out of sight: bring it into view.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (text) frame.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text]);
  // The frame is always there, so a screen reader hears the notice when it appears in it.
  return (
    <div ref={frame} aria-live="polite">
      {text ? (
        <Alert
          className="admin-moved-notice"
          type="success"
          showIcon
          role="status"
          closable={{ 'aria-label': t('toast.close') }}
          onClose={onClose}
          title={
            <>
              {text}
              {show ? (
                <>
                  {' · '}
                  {show}
                </>
              ) : null}
            </>
          }
        />
      ) : null}
    </div>
  );
}

/** The notice's link to another filter of a list whose filter is not in the address. */
export function ShowFilter({ label, onShow }: { label: string; onShow: () => void }) {
  return (
    <a
      href="#"
      onClick={(e) => {
        e.preventDefault();
        onShow();
      }}
    >
      {label}
    </a>
  );
}
