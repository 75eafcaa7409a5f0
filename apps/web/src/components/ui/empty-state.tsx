import type { ReactNode } from 'react';
import './empty-state.css';

interface EmptyStateProps {
  /** What is empty, in one short sentence. */
  text: string;
  /** What would fill it (optional). */
  hint?: string;
  /** Where to go from here: a link or a button. */
  action?: ReactNode;
}

/**
 * An empty list says so and offers the next step, as the cart and the wish list do: used as a
 * table's `emptyText`, or on its own.
 */
export function EmptyState({ text, hint, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <p className="empty-state-text">{text}</p>
      {hint ? <p className="empty-state-hint">{hint}</p> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
