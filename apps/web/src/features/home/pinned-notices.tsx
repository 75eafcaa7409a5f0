import { useTranslation } from 'react-i18next';
import { useRichTextLinks } from '../../lib/rich-text-links';
import { useNotices } from './home.api';

const MegaphoneIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M4 10v4a1 1 0 0 0 1 1h2l7 4V5L7 9H5a1 1 0 0 0-1 1Z" />
    <path d="M17.5 9a4 4 0 0 1 0 6M8 15l1.2 4.5" />
  </svg>
);

/**
 * The pinned notices under the hero, each a one-line disclosure that opens its text. Loaded after
 * the first paint; one row's height is reserved until then and while they load (the demo has one
 * pinned notice), so the market below does not move when it arrives.
 */
export default function PinnedNotices() {
  const { t } = useTranslation('home');
  const { data, isPending } = useNotices();
  const onLinkClick = useRichTextLinks();
  const pinned = data?.filter((n) => n.pinned) ?? [];

  if (!isPending && pinned.length === 0) return null;
  return (
    <section className="home-notices" aria-label={t('notices.label')} aria-busy={isPending}>
      <ul>
        {pinned.map((notice) => (
          <li key={notice.id}>
            <details className="notice">
              <summary>
                <MegaphoneIcon />
                <span className="notice-title">{notice.title}</span>
              </summary>
              {/* The server sanitizes notice bodies (scripts, handlers, unsafe URLs removed) before
                  storing them; that is why this HTML may be inserted as it is. */}
              <div className="notice-body" onClick={onLinkClick} dangerouslySetInnerHTML={{ __html: notice.body }} />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
