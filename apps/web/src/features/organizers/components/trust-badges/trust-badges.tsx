import type { VerificationInfo } from '../../api';
import { trustBadges, type TrustState } from '../../format';
import './trust-badges.css';

const MARKS: Readonly<Record<TrustState, string>> = { verified: '✓', pending: '…', missing: '–' };

export interface TrustBadgesProps {
  verification: VerificationInfo;
  className?: string;
}

/** The provider's verification flags as badges: what Gallop has checked, and what not yet. */
export function TrustBadges({ verification, className }: TrustBadgesProps) {
  return (
    <ul className={['trust-badges', className].filter(Boolean).join(' ')} aria-label="Verification">
      {trustBadges(verification).map((badge) => (
        <li key={badge.key} className={`trust-badge trust-badge--${badge.state}`}>
          <span className="trust-badge__mark" aria-hidden="true">
            {MARKS[badge.state]}
          </span>
          {badge.label}
        </li>
      ))}
    </ul>
  );
}
