import '../tokens/tokens.css';
import './cancellation-policy.css';
import type { ReactNode } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** Native props, `className`, `style` and `ref` go to the `<section>`; the title names it. */
export interface CancellationPolicyProps extends NativeProps<'section', 'title'> {
  /** The policy's name as travellers read it: "Flexible", "Moderate", "Strict". */
  title: string;
  /** The policy in words, a line a tier and the closing line (the API's `lines`). */
  lines: readonly string[];
  /** A sentence under the tiers, e.g. what cancelling today gives back. */
  footer?: ReactNode;
  /** The heading's level in the page (default 3). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * A tour's or booking's cancellation policy: its name and tiers ("30 days or more before the
 * start: 100% of what you paid back"), shown on the tour page, at checkout and on the booking.
 *
 * **Usage.** Do pass the policy's `lines` from the API as they are, so the tour page, checkout and
 * the booking say the same thing, and use `footer` for what cancelling today would give back. Don't
 * shorten or reword the tiers, and don't hide the policy behind a link at checkout: travellers
 * accept it with the terms.
 */
export function CancellationPolicy({
  title,
  lines,
  footer,
  headingLevel = 3,
  className,
  ...rest
}: CancellationPolicyProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      {...rest}
      className={cx('gk-cancellation-policy', className)}
      aria-label={`Cancellation policy: ${title}`}
    >
      <Heading className="gk-cancellation-policy__title">
        Cancellation policy: <span className="gk-cancellation-policy__name">{title}</span>
      </Heading>
      <ul className="gk-cancellation-policy__tiers">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {footer !== undefined && <p className="gk-cancellation-policy__footer">{footer}</p>}
    </section>
  );
}
