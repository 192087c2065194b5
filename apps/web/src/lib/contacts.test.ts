import { describe, expect, it } from 'vitest';
import { mainPhone, supportLinks, telHref } from './contacts';

const contacts = {
  email: 'support@gallop.example',
  has_other_phones: true,
  phones: [
    { type: 'additional' as const, formatted_phone: '+44 20 7946 0958' },
    { type: 'main' as const, formatted_phone: '+1 415 555 0134' },
  ],
};

describe('support links', () => {
  it('offers the main phone, the email and the messengers, facebook first', () => {
    const links = supportLinks(contacts, {
      telegram: 'https://t.me/gallop',
      facebook: 'https://m.me/gallop',
      whatsapp: 'https://wa.me/1415',
    });
    expect(links).toEqual([
      { kind: 'phone', label: '+1 415 555 0134', href: 'tel:+14155550134' },
      { kind: 'email', label: 'support@gallop.example', href: 'mailto:support@gallop.example' },
      { kind: 'facebook', label: 'Messenger', href: 'https://m.me/gallop' },
      { kind: 'whatsapp', label: 'WhatsApp', href: 'https://wa.me/1415' },
      { kind: 'telegram', label: 'Telegram', href: 'https://t.me/gallop' },
    ]);
  });

  it('gives nothing when the API did not answer', () => {
    expect(supportLinks(undefined, undefined)).toEqual([]);
  });

  it('falls back to the first phone and keeps only the plus and digits for tel:', () => {
    expect(mainPhone({ ...contacts, phones: contacts.phones.slice(0, 1) })).toBe(
      '+44 20 7946 0958',
    );
    expect(telHref('+1 (415) 555-0134')).toBe('tel:+14155550134');
  });
});
