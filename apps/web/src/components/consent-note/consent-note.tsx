import { useConsentPages } from '../../lib/legal-pages';

export interface ConsentNoteProps {
  /** How the sentence starts: what the visitor does ("By sending", "By following"). */
  action: string;
  className: string;
}

/**
 * The line under a form that sends no account or booking ("By sending, you accept the terms of use
 * and the privacy policy."): it names and links only the documents the site has published, and is
 * not there while neither is (decision 169). Forms with a tick use ui-kit's `TermsCheckbox` with
 * the same pages (`useConsentPages`).
 */
export function ConsentNote({ action, className }: ConsentNoteProps) {
  const { termsUrl, privacyUrl } = useConsentPages();
  if (!termsUrl && !privacyUrl) return null;
  return (
    <p className={className}>
      {action}, you accept the {termsUrl && <a href={termsUrl}>terms of use</a>}
      {termsUrl && privacyUrl && ' and the '}
      {privacyUrl && <a href={privacyUrl}>privacy policy</a>}.
    </p>
  );
}
