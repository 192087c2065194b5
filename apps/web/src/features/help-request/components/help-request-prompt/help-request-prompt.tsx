import { useId } from 'react';
import { HelpRequestButton } from '../help-request-button/help-request-button';
import './help-request-prompt.css';

/** A card that offers the 'Help me choose a tour' request, for pages about getting help. */
export function HelpRequestPrompt({ className }: { className?: string }) {
  const headingId = useId();
  return (
    <section
      className={['help-request-prompt', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
      <div className="help-request-prompt__text">
        <h2 id={headingId} className="help-request-prompt__title">
          Not sure which tour to choose?
        </h2>
        <p className="help-request-prompt__lead">
          Tell our support team where and when you would like to ride, your experience and your
          budget. We will suggest tours that fit, by e-mail or phone.
        </p>
      </div>
      <HelpRequestButton className="help-request-prompt__button" />
    </section>
  );
}
