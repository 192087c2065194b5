// Small line icons of the shell; decorative (the controls carry their own names).
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function HeartIcon() {
  return (
    <svg {...common} width="20" height="20">
      <path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 5.6 5 5 0 0 1 21.2 11C19 15.6 12 20 12 20Z" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...common} width="22" height="22">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

export function PhoneIcon() {
  return (
    <svg {...common} width="18" height="18">
      <path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
    </svg>
  );
}

export function MailIcon() {
  return (
    <svg {...common} width="18" height="18">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

/** The Gallop mark: a brand square with a ridge line. */
export function LogoMark() {
  return (
    <svg className="site-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#793DFC" />
      <path
        d="M7 22 L13 12 L17 18 L20 14 L25 22 Z"
        fill="#fff"
        strokeLinejoin="round"
        stroke="#fff"
        strokeWidth="1.5"
      />
    </svg>
  );
}
