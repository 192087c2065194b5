import type { Messages } from '../translator';

/**
 * The English dictionary. The keys docs/product.md names (Errors) keep their names; the texts it
 * quotes are used as written, the rest is written for Gallop.
 */
export const en = {
  // The keys of docs/product.md, Errors, with its default labels (Constants) where one fits.
  'pagination.total_text': 'Shown {shown} of {total}',
  'pagination.load_more_btn': 'Show more',
  'pagination.prev_btn': 'Previous',
  'pagination.next_btn': 'Next',
  'truncate.show_button': 'Read more',
  'truncate.hide_button': 'Hide',
  'input_phone.search_country_text': 'Search for a country',
  'input_phone.not_found_code_text': 'No country uses this dialling code',
  'input_phone.not_found_country_text': 'No country found',
  'input_phone.use_code_button': 'Use +{code}',
  'input_phone.country_missmatch_hint': 'This number belongs to {country}',
  'input_phone.confirm_button': 'Confirm',
  'input_phone.validation': 'Incorrect phone number',
  'calendar.select_dates_title': 'Select dates',
  'calendar.close_button': 'Go back',
  'calendar.apply_button': 'Apply',

  // Validation messages (docs/product.md, Validation); keys are the rule names.
  'validation.required': 'Required field',
  'validation.email': 'Please enter a valid e-mail',
  'validation.confirmed': 'Do not match',
  'validation.min': 'Minimum {length} characters',
  'validation.max': 'Maximum {length} characters',
  'validation.minValue': 'Minimum {min}',
  'validation.maxValue': 'Maximum {max}',
  'validation.phone': 'Please enter a valid phone number',
  'validation.url': 'Incorrect url',
  'validation.default': 'Incorrect value',
  'validation.terms': 'Please accept the terms of use and the privacy policy',

  // Error texts (docs/product.md, Errors) and the error page (Screens).
  'error.default.title': 'Error',
  'error.default.text': 'Please try again later',
  'error.404': 'Page not found',
  'error.403': 'Access is denied',
  'error.410': 'This page is no longer available because the tour dates have passed',
  'error.503': 'Something went wrong',
  'error.captcha_required': 'Please confirm that you are not a robot',
  'error.microphone_denied':
    'Microphone access is blocked. Allow it in your browser settings to record a voice message.',
  'error.sms_unavailable':
    'We cannot send a text message to this number right now. Please choose another way to get the code.',
  'error_page.404_title': 'Page not found...',
  'error_page.back_home': 'Back home',
  'error_page.403_title': 'Error 403',
  'error_page.403_text': 'Sorry, you do not have permission to access this page.',
  'error_page.503_title': 'An error occurred',
  'error_page.503_text':
    'Please refresh the page. If the error persists, contact our support team.',
  'error_page.other_title': 'Internal Error',
  'state.nothing_found': 'Nothing found',
  'state.loading': 'Loading...',
  'state.no_data': 'No data to show',
  'state.nothing_found_search': 'Nothing found based on your search',
  'state.try_code': 'Try searching by code',
  'meet.save_error_title': 'Error while saving data',
  'meet.success_title': 'Success',
  'meet.success_text': 'The data has been successfully saved.',

  // Rating levels (docs/product.md, Constants).
  'rating.1': 'Terrible',
  'rating.2': 'Poor',
  'rating.3': 'Fair',
  'rating.4': 'Good',
  'rating.5': 'Excellent',

  // Other interface texts (docs/product.md, Screens).
  'photo_preview.more_photos': { one: '{count} more photo', other: '{count} more photos' },
  'map.show_button': 'Show on map',
  'cookie_alert.accept_button': "Ok, don't show again",
  'city_autocomplete.label': 'Select city',
  'city_autocomplete.placeholder': 'Start typing',
  'callback.title': 'Callback requested',
  'callback.text_with_phone': 'We will call you back at {phone}',
  'callback.success': 'Callback request successful!',
  'modal.confirm_button': 'Confirm',
  'modal.cancel_button': 'Cancel',
} as const satisfies Messages;

export type MessageKey = keyof typeof en;
