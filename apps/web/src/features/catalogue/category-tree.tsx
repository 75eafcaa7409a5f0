import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CategoryNode } from '@dsm/contract';

/** The chain of categories from the top level down to `id` (empty when not in the tree). */
export function categoryPath(tree: readonly CategoryNode[], id: number | null): CategoryNode[] {
  if (id === null) return [];
  for (const node of tree) {
    if (node.categoryId === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

interface CategoryTreeProps {
  tree: readonly CategoryNode[];
  currentId: number | null;
  /** The goods-list link for a category (null: all categories), keeping the other filters. */
  linkTo: (categoryId: number | null) => string;
}

/**
 * The category filter: a nested list of links; a branch opens with its own button. The current
 * category is highlighted (aria-current) and the branches above it start open.
 */
export function CategoryTree({ tree, currentId, linkTo }: CategoryTreeProps) {
  const { t } = useTranslation('catalogue');
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set());
  const ancestors = new Set(categoryPath(tree, currentId).map((c) => c.categoryId));

  // Open: what the visitor opened, and the current category's branch unless they closed it.
  const isOpen = (id: number) => opened.has(id) || (ancestors.has(id) && !closed.has(id));
  function toggle(id: number) {
    const open = isOpen(id);
    setOpened((s) => {
      const next = new Set(s);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });
    setClosed((s) => {
      const next = new Set(s);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <nav className="category-tree" aria-label={t('filters.categories')}>
      <ul role="list">
        <li>
          <Link to={linkTo(null)} className="category-link" aria-current={currentId === null ? 'page' : undefined}>
            {t('filters.all-categories')}
          </Link>
        </li>
        {tree.map((node) => (
          <TreeNode
            key={node.categoryId}
            node={node}
            currentId={currentId}
            linkTo={linkTo}
            isOpen={isOpen}
            toggle={toggle}
          />
        ))}
      </ul>
    </nav>
  );
}

interface TreeNodeProps {
  node: CategoryNode;
  currentId: number | null;
  linkTo: (categoryId: number | null) => string;
  isOpen: (id: number) => boolean;
  toggle: (id: number) => void;
}

function TreeNode({ node, currentId, linkTo, isOpen, toggle }: TreeNodeProps) {
  const { t } = useTranslation('catalogue');
  const listId = useId();
  const hasChildren = node.children.length > 0;
  const open = hasChildren && isOpen(node.categoryId);
  return (
    <li>
      <div className="category-row">
        <Link
          to={linkTo(node.categoryId)}
          className="category-link"
          aria-current={currentId === node.categoryId ? 'page' : undefined}
        >
          {node.categoryName}
        </Link>
        {hasChildren ? (
          <button
            type="button"
            className="category-toggle"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t(open ? 'filters.collapse' : 'filters.expand', { name: node.categoryName })}
            onClick={() => toggle(node.categoryId)}
          >
            <span aria-hidden="true" className="category-chevron" />
          </button>
        ) : null}
      </div>
      {hasChildren ? (
        <ul id={listId} role="list" hidden={!open}>
          {node.children.map((child) => (
            <TreeNode
              key={child.categoryId}
              node={child}
              currentId={currentId}
              linkTo={linkTo}
              isOpen={isOpen}
              toggle={toggle}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
