import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { Link } from 'react-router';
import '../admin.css';

interface AdminPageProps {
  title: string;
  /** Buttons beside the title (create, save). */
  actions?: ReactNode;
  /** A link back to the list this page belongs to. */
  back?: { to: string; label: string };
  intro?: ReactNode;
  children: ReactNode;
}

/** The frame of every operator page: a back link, the h1 with its actions, the content. */
export function AdminPage({ title, actions, back, intro, children }: AdminPageProps) {
  return (
    <div className="admin-page">
      {back ? (
        <Link className="admin-back" to={back.to}>
          ← {back.label}
        </Link>
      ) : null}
      <div className="admin-page-head">
        <h1>{title}</h1>
        {actions ? <div className="admin-page-actions">{actions}</div> : null}
      </div>
      {intro ? <p className="admin-intro">{intro}</p> : null}
      {children}
    </div>
  );
}

/** Server messages that belong to no field on the form (A00002 about hidden data). */
export function ServerErrors({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <Alert
      className="admin-server-errors"
      type="error"
      showIcon
      role="alert"
      title={
        messages.length === 1 ? (
          messages[0]
        ) : (
          <ul>
            {messages.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        )
      }
    />
  );
}
