/**
 * The e-mail a guest just booked with, kept in the tab for the booking's page: the API's booking
 * does not carry its contact, and the page asks to prove that address with a one-time code.
 */
import { tabStorage } from '../../lib/tab-storage';

const storageName = (uuid: string) => `gallop:booking-email:${uuid}`;

export function rememberContactEmail(uuid: string, email: string): void {
  tabStorage.set(storageName(uuid), email);
}

export function rememberedContactEmail(uuid: string): string | undefined {
  return tabStorage.get(storageName(uuid));
}
