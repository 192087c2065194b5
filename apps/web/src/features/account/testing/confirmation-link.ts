/** What the e-mail confirmation tests share: the API's path and the profile a link answers. */

export const CONFIRM_EMAIL_PATH = '/crm/api/user/confirm-email';

/** The account a registration link confirms, as `confirm-email` answers it (tokens aside). */
export const confirmedProfile = {
  id: 7,
  first_name: 'Vera',
  last_name: 'Victim',
  is_email_set: true,
  is_email_confirmed: true,
  email: 'vera@example.com',
  is_admin_auth: false,
};
