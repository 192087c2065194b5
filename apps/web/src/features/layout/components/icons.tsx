// Small line icons of the shell; decorative (the controls carry their own names).
/** The attributes every line icon of the shell shares. */
export const LINE_ICON = {
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
    <svg {...LINE_ICON} width="20" height="20">
      <path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 5.6 5 5 0 0 1 21.2 11C19 15.6 12 20 12 20Z" />
    </svg>
  );
}

/** The rider passport: a horseshoe. */
export function HorseshoeIcon() {
  return (
    <svg {...LINE_ICON} width="20" height="20">
      <path d="M7 20H4.5C3.5 16.5 3 14 3 11a9 9 0 0 1 18 0c0 3-.5 5.5-1.5 9H17" />
      <path d="M7 20c-1-3-1.5-6-1.5-9a6.5 6.5 0 0 1 13 0c0 3-.5 6-1.5 9" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...LINE_ICON} width="22" height="22">
      <path d="M4 7h16M4 12h16M4 17h16" />
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
