import '../tokens/tokens.css';
import './breadcrumbs.css';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

export interface BreadcrumbItem {
  url: string;
  text: string;
}

/** Native props, `className`, `style` and `ref` go to the `<nav>`. */
export interface BreadcrumbsProps extends NativeProps<'nav'> {
  items: readonly BreadcrumbItem[];
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/**
 * WAI-ARIA breadcrumb: a labelled nav with an ordered list; the last item is the current page.
 *
 * **Usage.** Do show the way down the catalogue at the top of destination and tour pages (Home ›
 * Mongolia › Gobi crossing), ending with the current page. Don't use breadcrumbs as the main
 * navigation or for the steps of a booking, and don't list pages the traveller cannot open.
 */
export function Breadcrumbs({
  items,
  label = 'Breadcrumbs',
  className,
  ...rest
}: BreadcrumbsProps) {
  return (
    <nav {...rest} aria-label={label} className={cx('gk-breadcrumbs', className)}>
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
