import { LINE_ICON } from '../icons';

// The footer's contact icons: with the footer, a chunk of its own.

export function PhoneIcon() {
  return (
    <svg {...LINE_ICON} width="18" height="18">
      <path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
    </svg>
  );
}

export function MailIcon() {
  return (
    <svg {...LINE_ICON} width="18" height="18">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}
