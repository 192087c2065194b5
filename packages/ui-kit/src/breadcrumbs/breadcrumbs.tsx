import '../tokens/tokens.css';
import './breadcrumbs.css';

export interface BreadcrumbItem {
  url: string;
  text: string;
}

export interface BreadcrumbsProps {
  items: readonly BreadcrumbItem[];
  /** Accessible name of the navigation landmark. */
  label?: string;
  className?: string;
}

/** WAI-ARIA breadcrumb: a labelled nav with an ordered list; the last item is the current page. */
export function Breadcrumbs({ items, label = 'Breadcrumbs', className }: BreadcrumbsProps) {
  return (
    <nav aria-label={label} className={['gk-breadcrumbs', className].filter(Boolean).join(' ')}>
      <ol className="gk-breadcrumbs__list">
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${item.url}-${index}`} className="gk-breadcrumbs__item">
              <a
                className="gk-breadcrumbs__link"
                href={item.url}
                aria-current={current ? 'page' : undefined}
              >
                {item.text}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
