import { CONFIG_CODES, MaybeSourcingAgentSchema, type ConfigInfo, type SourcingAgentCard } from '@dsm/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { configInfoKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { sourcingKeys } from './sourcing-keys';
import { hourInViewerZone } from './sourcing-time';
import './sourcing.css';

const languageName = (code: string, lang: string) => {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** GET /api/p/sourcing/agent: my personal agent's card, or null. */
export function useMyAgent() {
  return useQuery({
    queryKey: sourcingKeys.agent(),
    queryFn: ({ signal }) =>
      // Beside the page's own content: a failure leaves the card out rather than a warning.
      api.data<SourcingAgentCard | null>('/p/sourcing/agent', {
        signal,
        noshow: true,
        schema: MaybeSourcingAgentSchema,
      }),
  });
}

/** The site's chat link (SPEC §1's floating contact button), shared with that button's query. */
function useChatLink(): string | null {
  const { data } = useQuery({
    queryKey: configInfoKeys.value(CONFIG_CODES.chatLink),
    queryFn: ({ signal }) =>
      api.data<ConfigInfo>(`/config-info/${CONFIG_CODES.chatLink}`, { signal, loadingflags: true, noshow: true }),
    staleTime: 30 * 60_000,
  });
  const href = data?.value;
  // Only web links: a configured value is never run as script (javascript:).
  return href && /^https?:\/\//i.test(href) ? href : null;
}

/**
 * The personal agent who handles my requests (decisions 0127, 0134): photo, name, languages,
 * working hours in my time zone, e-mail and the chat link. Shown in the account area and on
 * every sourcing request.
 */
export function AgentCard({ agent }: { agent: SourcingAgentCard | null | undefined }) {
  const { t } = useTranslation('sourcing');
  const lang = useSession((s) => s.lang);
  const chat = useChatLink();
  if (!agent) {
    return (
      <section className="sourcing-agent sourcing-agent-none" aria-label={t('agent.title')}>
        <h2 className="sourcing-agent-title">{t('agent.title')}</h2>
        <p className="sourcing-muted">{t('agent.none')}</p>
      </section>
    );
  }
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <section className="sourcing-agent" aria-label={t('agent.title')}>
      {agent.photo ? (
        <img className="sourcing-agent-photo" src={agent.photo} alt={t('agent.photo', { name: agent.name })} />
      ) : (
        <span className="sourcing-agent-avatar" aria-hidden="true">
          {agent.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        <h2 className="sourcing-agent-title">{t('agent.title')}</h2>
        <strong>{agent.name}</strong>
        <div>{t('agent.languages', { list: agent.languages.map((l) => languageName(l, lang)).join(', ') })}</div>
        <div>
          {t('agent.hours', {
            from: hourInViewerZone(agent.hoursFrom, agent.timeZone, lang),
            to: hourInViewerZone(agent.hoursTo, agent.timeZone, lang),
            zone,
          })}
        </div>
        <div className="sourcing-agent-links">
          <a href={`mailto:${agent.email}`}>{agent.email}</a>
          {chat ? (
            <a href={chat} target="_blank" rel="noopener noreferrer">
              {t('agent.chat')}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** My agent's card, for the account area. */
export function MyAgentCard() {
  const agent = useMyAgent();
  if (agent.isLoading || agent.isError) return null;
  return <AgentCard agent={agent.data} />;
}
