import type { ReactNode } from 'react';
import './status-page.css';

interface StatusPageProps {
  icon?: ReactNode;
  title: string;
  text?: string;
  /** Links or buttons under the text. */
  actions?: ReactNode;
  /** h1 for a page of its own, h2 for a section inside a page. */
  heading?: 'h1' | 'h2';
  tone?: 'neutral' | 'warning';
}

/** The one layout for "nothing to show here": coming soon, not found, errors, update prompt. */
export function StatusPage({ icon, title, text, actions, heading: Heading = 'h1', tone = 'neutral' }: StatusPageProps) {
  return (
    <section className={`status-page status-${tone}`}>
      {icon ? <div className="status-icon">{icon}</div> : null}
      <Heading className="status-title">{title}</Heading>
      {text ? <p className="status-text">{text}</p> : null}
      {actions ? <div className="status-actions">{actions}</div> : null}
    </section>
  );
}
