import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { messengerLinks, telHref } from '../../../../lib/contacts';
import { infoQueries } from '../../api';
import {
  labelledPhones,
  otherCountryPhones,
  scheduleRows,
  timezoneLabel,
} from '../../contacts-model';
import { ChatIcon, ClockIcon, MailIcon, PhoneIcon } from '../icons';
import './contacts-page.css';

export interface ContactsPageProps {
  /** The visitor's country: its local phones come first. */
  countryId: number | undefined;
  /** Under the ways to reach us, e.g. the route's 'Help me choose a tour' card. */
  helpRequest?: ReactNode;
}

/** `/contacts`: phones (local first), email, working hours, messengers and social networks. */
export function ContactsPage({ countryId, helpRequest }: ContactsPageProps) {
  const api = useApi();
  const { data: contacts } = useSuspenseQuery(infoQueries.contacts(api, countryId));
  const { data: allContacts } = useSuspenseQuery(infoQueries.allContacts(api));
  const { data: countries } = useSuspenseQuery(infoQueries.countryNames(api));
  const { data: workTime } = useSuspenseQuery(infoQueries.workTime(api));
  const { data: messengers } = useSuspenseQuery(infoQueries.messengers(api));
  const { data: socials } = useSuspenseQuery(infoQueries.socialLinks(api));

  const phones = labelledPhones(contacts, countries.items);
  const elsewhere = otherCountryPhones(allContacts, phones, countries.items);
  const chats = messengerLinks(messengers);
  const zone = timezoneLabel(workTime.timezone);

  return (
    <div className="contacts-page page-container">
      <header className="contacts-page__header">
        <h1 className="display-heading contacts-page__title">Contacts</h1>
        <p className="contacts-page__lead">
          Questions about a tour, a booking or a payment? The Gallop support team answers by phone,
          email and messenger, and helps you reach your tour provider.
        </p>
      </header>

      <div className="contacts-page__grid">
        <ContactsCard id="contacts-phone" icon={<PhoneIcon />} title="Call us">
          <ul className="contacts-page__phones">
            {phones.map((item) => (
              <li key={item.phone}>
                <a className="contacts-page__phone" href={telHref(item.phone)}>
                  {item.phone}
                </a>
                <span className="contacts-page__phone-label">{item.label}</span>
              </li>
            ))}
          </ul>
        </ContactsCard>

        <ContactsCard id="contacts-hours" icon={<ClockIcon />} title="Working hours">
          <p
            className={`contacts-page__status contacts-page__status--${workTime.is_working_now ? 'open' : 'closed'}`}
          >
            {workTime.is_working_now ? 'Open now' : 'Closed now: leave us a message'}
          </p>
          <dl className="contacts-page__hours">
            {scheduleRows(workTime.schedule).map((row) => (
              <div key={row.days} className="contacts-page__hours-row">
                <dt>{row.days}</dt>
                <dd>{row.hours}</dd>
              </div>
            ))}
          </dl>
          {zone && <p className="contacts-page__zone">Hours are {zone}.</p>}
        </ContactsCard>

        {contacts.email && (
          <ContactsCard id="contacts-email" icon={<MailIcon />} title="Write to us">
            <a className="contacts-page__email" href={`mailto:${contacts.email}`}>
              {contacts.email}
            </a>
            <p className="contacts-page__hint">
              Include your booking number if you have one: we will answer sooner.
            </p>
          </ContactsCard>
        )}

        {chats.length > 0 && (
          <ContactsCard id="contacts-chat" icon={<ChatIcon />} title="Message us">
            <ul className="contacts-page__messengers">
              {chats.map((chat) => (
                <li key={chat.kind}>
                  <a
                    className={`contacts-page__messenger contacts-page__messenger--${chat.kind}`}
                    href={chat.href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {chat.label}
                  </a>
                </li>
              ))}
            </ul>
          </ContactsCard>
        )}
      </div>

      {helpRequest ? <div className="contacts-page__help-request">{helpRequest}</div> : null}

      {elsewhere.length > 0 && (
        <section className="contacts-page__section" aria-labelledby="contacts-local-heading">
          <h2 id="contacts-local-heading" className="display-heading contacts-page__heading">
            Local numbers
          </h2>
          <ul className="contacts-page__local">
            {elsewhere.map((item) => (
              <li key={item.phone}>
                <span>{item.country}</span>
                <a href={telHref(item.phone)}>{item.phone}</a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {socials.items.length > 0 && (
        <section className="contacts-page__section" aria-labelledby="contacts-social-heading">
          <h2 id="contacts-social-heading" className="display-heading contacts-page__heading">
            Follow Gallop
          </h2>
          <ul className="contacts-page__socials">
            {socials.items.map((social) => (
              <li key={social.source}>
                <a href={social.url} target="_blank" rel="noopener noreferrer">
                  {social.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <aside className="contacts-page__providers" aria-labelledby="contacts-providers-heading">
        <h2 id="contacts-providers-heading" className="display-heading contacts-page__heading">
          Run horseback tours?
        </h2>
        <p>
          Read how tour providers join Gallop and reach riders from around the world.{' '}
          <a href="/join">Join as a provider</a>
        </p>
      </aside>
    </div>
  );
}

/** One of the contact ways: an icon, a title and what to do. */
function ContactsCard({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="contacts-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="contacts-card__title">
        {icon} {title}
      </h2>
      {children}
    </section>
  );
}
