import type { SourcingAgentCard } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { hourInViewerZone } from '../../components/sourcing/sourcing-time';

const languageName = (code: string, lang: string) => {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** The personal agent who handles my requests (decision 0127): who, which languages, when, how to write. */
export function AgentCard({ agent }: { agent: SourcingAgentCard | null | undefined }) {
  const { t } = useTranslation('sourcing');
  const lang = useSession((s) => s.lang);
  if (!agent) {
    return (
      <section className="sourcing-agent sourcing-agent-none" aria-label={t('agent.title')}>
        <h2>{t('agent.title')}</h2>
        <p className="sourcing-muted">{t('agent.none')}</p>
      </section>
    );
  }
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <section className="sourcing-agent" aria-label={t('agent.title')}>
      <span className="sourcing-agent-avatar" aria-hidden="true">
        {agent.name.slice(0, 1).toUpperCase()}
      </span>
      <div>
        <h2>{t('agent.title')}</h2>
        <strong>{agent.name}</strong>
        <div>{t('agent.languages', { list: agent.languages.map((l) => languageName(l, lang)).join(', ') })}</div>
        <div>
          {t('agent.hours', {
            from: hourInViewerZone(agent.hoursFrom, agent.timeZone, lang),
            to: hourInViewerZone(agent.hoursTo, agent.timeZone, lang),
            zone,
          })}
        </div>
        <a href={`mailto:${agent.email}`}>{agent.email}</a>
      </div>
    </section>
  );
}
