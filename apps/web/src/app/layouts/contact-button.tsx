import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConfigInfo } from '@dsm/contract';
import { ChatIcon } from '../../components/ui/icons';
import { api } from '../../lib/api';
import { configInfoKeys } from '../../lib/query-keys';

/** The floating contact button: opens the configured chat link in a new tab. */
// `CONFIG_CODES.chatLink` in the contract; written out so the public chunk does not pull the
// contract's zod schemas in with it.
const CHAT_LINK = 'chat-link';

export function ContactButton() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: configInfoKeys.value(CHAT_LINK),
    queryFn: ({ signal }) =>
      api.data<ConfigInfo>(`/config-info/${CHAT_LINK}`, { signal, loadingflags: true, noshow: true }),
    staleTime: 30 * 60_000,
  });
  const href = data?.value;
  // Only web links: a configured value is never run as script (javascript:).
  if (!href || !/^https?:\/\//i.test(href)) return null;
  return (
    <a
      className="contact-fab"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('contact.chat')}
      title={t('contact.chat')}
    >
      <ChatIcon size={26} />
    </a>
  );
}
