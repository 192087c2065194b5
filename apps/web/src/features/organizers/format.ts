import type { components } from '@gallop/api-client';
import type { Organizer, VerificationInfo } from './api';

type LegalType = components['schemas']['OrganizerLegalType'];

const DESCRIPTION_LENGTH = 160;

/** Text for a meta description: whitespace folded, cut on a word boundary. */
export function shortText(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  return `${flat.slice(0, length - 1).replace(/\s+\S*$/, '')}…`;
}

/** 'Tour company' or 'Independent guide' (spec: organizations or individual authors). */
export function organizerKind(type: Organizer['type']): string {
  return type === 'author' ? 'Independent guide' : 'Tour company';
}

/** Organizer legal types (docs/product.md, Entities). */
export const LEGAL_TYPE_LABELS: Readonly<Record<LegalType, string>> = {
  natural_person: 'Private person',
  individual_entrepreneur: 'Registered sole trader',
  legal_entity: 'Registered company',
};

/** "Wyoming Horse Treks'" and "James Nielsen's": the possessive of a provider's name. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** The name's initials, for a provider without a picture. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

export type TrustState = 'verified' | 'pending' | 'missing';

export interface TrustBadge {
  key: 'passport' | 'phone' | 'email';
  label: string;
  state: TrustState;
}

/**
 * The verification flags as trust badges (docs/product.md, Entities and States): identity, phone
 * and email, each verified, still in progress (phone checks only) or not verified.
 */
export function trustBadges(info: VerificationInfo): TrustBadge[] {
  const state = (verified: boolean, check?: number): TrustState =>
    verified ? 'verified' : check === 3 ? 'pending' : 'missing';
  const phone = state(info.is_phone_verified, info.phone_check);
  return [
    {
      key: 'passport',
      label: info.is_passport_verified ? 'Identity verified' : 'Identity not verified',
      state: state(info.is_passport_verified),
    },
    {
      key: 'phone',
      label:
        phone === 'verified'
          ? 'Phone verified'
          : phone === 'pending'
            ? 'Phone check in progress'
            : 'Phone not verified',
      state: phone,
    },
    {
      key: 'email',
      label: info.is_email_verified ? 'Email verified' : 'Email not verified',
      state: state(info.is_email_verified),
    },
  ];
}

/**
 * When the verification info cannot be loaded, all three flags are false (docs/product.md, Errors).
 */
export const UNVERIFIED: VerificationInfo = {
  is_email_verified: false,
  is_phone_verified: false,
  is_passport_verified: false,
};

// Calendar days in UTC from a fixed month list: server and browser print the same text.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '13 Oct 2026'. */
export function formatDay(isoDate: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
