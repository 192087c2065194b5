import '../tokens/tokens.css';
import './empty-state.css';
import type { ReactNode } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** The empty-state texts (docs/product.md, Errors). */
export const EMPTY_STATE_TEXTS = {
  nothingFound: 'Nothing found',
  noData: 'No data to show',
  search: 'Nothing found based on your search',
  searchHint: 'Try searching by code',
} as const;

export type EmptyStateVariant = 'nothing-found' | 'no-data' | 'search';

const defaults: Record<EmptyStateVariant, { title: string; description?: string }> = {
  'nothing-found': { title: EMPTY_STATE_TEXTS.nothingFound },
  'no-data': { title: EMPTY_STATE_TEXTS.noData },
  search: { title: EMPTY_STATE_TEXTS.search, description: EMPTY_STATE_TEXTS.searchHint },
};

/** Native props, `className`, `style` and `ref` go to the `<div role="status">`. */
export interface EmptyStateProps extends NativeProps<'div', 'title'> {
  variant?: EmptyStateVariant;
  title?: string;
  description?: ReactNode;
  /** A button or link, e.g. 'Clear filters'. */
  action?: ReactNode;
}

/**
 * What a list or search shows when it has nothing to show: an illustration,
 * a title, a description and an optional action.
 *
 * **Usage.** Do say why it is empty and offer the way out as the `action` (Clear filters, Browse
 * tours). Don't use it for errors (use ErrorView) or while data is still loading (use a
 * Spinner).
 */
export function EmptyState({
  variant = 'nothing-found',
  title,
  description,
  action,
  className,
  ...rest
}: EmptyStateProps) {
  const text = defaults[variant];
  const shownDescription = description ?? text.description;
  return (
    <div {...rest} className={cx('gk-empty-state', className)} role="status">
      <svg className="gk-empty-state__art" viewBox="0 0 120 80" aria-hidden="true">
        <path
          d="M4 70 L34 34 L52 54 L72 24 L116 70 Z"
          fill="var(--gk-color-brand)"
          opacity="0.16"
        />
        <path d="M60 70 L72 24 L116 70 Z" fill="var(--gk-color-brand)" opacity="0.12" />
        <circle cx="92" cy="18" r="8" fill="var(--gk-color-sand)" stroke="var(--gk-color-border)" />
        <path d="M4 70 H116" stroke="var(--gk-color-border)" strokeWidth="2" />
      </svg>
      <p className="gk-empty-state__title">{title ?? text.title}</p>
      {shownDescription && <p className="gk-empty-state__description">{shownDescription}</p>}
      {action && <div className="gk-empty-state__action">{action}</div>}
    </div>
  );
}
