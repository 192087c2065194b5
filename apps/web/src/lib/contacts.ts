import type { components } from '@gallop/api-client';

type Contacts = components['schemas']['Contacts'];
type Messengers = components['schemas']['Messengers'];
type MessengerSource = components['schemas']['MessengerSource'];

/** A contact button: what it says and where it goes (`tel:`, `mailto:`, a messenger link). */
export interface ContactLink {
  kind: 'phone' | 'email' | MessengerSource;
  label: string;
  href: string;
}

const MESSENGER_NAMES: Record<MessengerSource, string> = {
  facebook: 'Messenger',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  viber: 'Viber',
  instagram: 'Instagram',
  vk: 'VK',
  ok: 'OK',
};

/**
 * Display order of messengers (docs/product.md, Entities): telegram first when Russian is
 * available, otherwise facebook first. Russian is not available (docs/product.md, Who it is for).
 */
const MESSENGER_ORDER: readonly MessengerSource[] = [
  'facebook',
  'whatsapp',
  'telegram',
  'instagram',
  'viber',
  'vk',
  'ok',
];

/** Contact buttons from a phone and an e-mail alone (the web server's own, `SiteConfig`). */
export function plainSupportLinks(
  contacts: { phone?: string | undefined; email?: string | undefined } | undefined,
): ContactLink[] {
  const { phone, email } = contacts ?? {};
  return [
    ...(phone ? [{ kind: 'phone' as const, label: phone, href: telHref(phone) }] : []),
    ...(email ? [{ kind: 'email' as const, label: email, href: `mailto:${email}` }] : []),
  ];
}

/** `tel:` link of a formatted phone: digits and the leading plus only. */
export function telHref(formattedPhone: string): string {
  return `tel:${formattedPhone.replace(/[^\d+]/g, '')}`;
}

/** The main phone: the first of type 'main' (local ones come first in the answer), else the first. */
export function mainPhone(contacts: Contacts | undefined): string | undefined {
  const phones = contacts?.phones ?? [];
  return (phones.find((phone) => phone.type === 'main') ?? phones[0])?.formatted_phone;
}

/** Messenger links in the spec's display order. */
export function messengerLinks(messengers: Messengers | undefined): ContactLink[] {
  if (!messengers) return [];
  return MESSENGER_ORDER.flatMap((source) => {
    const href = messengers[source];
    return href ? [{ kind: source, label: MESSENGER_NAMES[source], href }] : [];
  });
}

/** The main phone, the email and the messengers, as buttons (the 503 page, the footer). */
export function supportLinks(
  contacts: Contacts | undefined,
  messengers: Messengers | undefined,
): ContactLink[] {
  return [
    ...plainSupportLinks({ phone: mainPhone(contacts), email: contacts?.email ?? undefined }),
    ...messengerLinks(messengers),
  ];
}
