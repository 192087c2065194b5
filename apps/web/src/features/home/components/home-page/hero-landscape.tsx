/** Layered hills under an evening sky with a trail: decorative, hidden from assistive technology. */
export function HeroLandscape() {
  return (
    <svg
      className="home-hero__landscape"
      viewBox="0 0 560 420"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#6f35f0" />
          <stop offset="0.55" stopColor="#b593ff" />
          <stop offset="1" stopColor="#ffd7b8" />
        </linearGradient>
      </defs>
      <rect width="560" height="420" fill="url(#hero-sky)" />
      <circle cx="392" cy="112" r="42" fill="#ffe6c7" opacity="0.95" />
      <path
        d="M0 250 L70 180 L120 222 L190 140 L262 226 L318 178 L392 246 L460 170 L560 250 V420 H0Z"
        fill="#8a5cf5"
        opacity="0.55"
      />
      <path
        d="M0 290 C80 240 150 250 230 282 S400 250 560 276 V420 H0Z"
        fill="#5a2bc4"
        opacity="0.85"
      />
      <path d="M0 336 C110 300 210 310 300 334 S470 316 560 326 V420 H0Z" fill="#3d1a8c" />
      <path
        d="M120 420 C170 392 190 372 250 360 S350 342 392 322"
        fill="none"
        stroke="#ffe6c7"
        strokeWidth="5"
        strokeLinecap="round"
        strokeDasharray="3 12"
        opacity="0.8"
      />
      <g fill="#2a1163">
        <Pine x={478} y={350} size={1} />
        <Pine x={504} y={358} size={0.75} />
        <Pine x={66} y={370} size={0.9} />
        <Pine x={42} y={378} size={0.65} />
      </g>
    </svg>
  );
}

/** A pine standing on (x, y), 56 px tall at size 1. */
function Pine({ x, y, size }: { x: number; y: number; size: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${size})`}>
      <path d="M0 -56 L12 -34 H6 L16 -16 H8 L18 0 H-18 L-8 -16 H-16 L-6 -34 H-12Z" />
      <rect x="-2" y="0" width="4" height="8" />
    </g>
  );
}
