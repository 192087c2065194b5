import type { UserProfile } from '../../api';
import { profileHasEmptyFields } from '../../profile';

/**
 * Asks a traveller whose profile has empty fields (no name, or no e-mail) to complete it, and
 * says what is missing: organizers address riders by name and send confirmations by e-mail.
 */
export function CompleteProfilePrompt({ user }: { user: UserProfile }) {
  if (!profileHasEmptyFields(user)) return null;
  const named = Boolean(user.first_name?.trim() || user.last_name?.trim());
  return (
    <section className="account-settings__prompt" aria-labelledby="settings-complete">
      <h2 id="settings-complete">Complete your profile</h2>
      <p>Organizers need to know who is coming, and we send booking confirmations by e-mail.</p>
      <ul>
        {!named && (
          <li>
            <a href="#settings-profile">Add your first and last name</a>
          </li>
        )}
        {!user.is_email_set && (
          <li>
            <a href="#settings-email">Add your e-mail</a>
          </li>
        )}
      </ul>
    </section>
  );
}
