import { darken, lighten, mix } from '../color.ts';
import type { Landscape } from '../landscapes.ts';
import { LIGHTS, type Light } from '../palettes.ts';
import type { Random } from '../random.ts';
import { fmt, type SvgCanvas } from '../svg.ts';
import { drawSoftBackdrop } from './backdrop.ts';

const SKIN = ['#f6d3b8', '#edc3a2', '#e0ad88', '#cd9468', '#b07650', '#8f5a3a', '#6d432b'];
const HAIR = [
  '#2a1d15',
  '#4b3021',
  '#6f4a2e',
  '#a77b4c',
  '#d5b27c',
  '#8e8a86',
  '#1b1716',
  '#94401f',
];
const SHIRT = [
  '#5b7a99',
  '#a4553a',
  '#3f6b55',
  '#c9a46a',
  '#7b5a8c',
  '#e8e1d3',
  '#2f4858',
  '#b5654b',
];
const SCARF = ['#b3412f', '#2f5d8a', '#d8a23c', '#5a7d3a', '#7d3b5c'];

type HairStyle = 'short' | 'long' | 'bun' | 'curly' | 'shaved';
type Hat = 'none' | 'cowboy' | 'helmet' | 'beanie';

// The head: an egg shape centred at (0, 470), 256 wide and 330 high.
const FACE =
  'M0 305C82 305 130 368 130 462C130 548 86 628 0 642C-86 628 -130 548 -130 462C-130 368 -82 305 0 305Z';

/**
 * An illustrated head-and-shoulders portrait for organizer avatars: varied skin, hair, hats
 * and clothes in front of a soft outdoor background. No initials: the URL has only a seed.
 */
export function drawPortrait(canvas: SvgCanvas, random: Random, landscape: Landscape): void {
  const light: Light = LIGHTS[random.pick(['golden', 'day', 'day', 'dawn'] as const)];
  drawSoftBackdrop(canvas, random.fork('backdrop'), light, landscape, random.between(520, 640));

  const skin = random.pick(SKIN);
  const hair = random.pick(HAIR);
  const shirt = random.pick(SHIRT);
  const style = random.pick<HairStyle>([
    'short',
    'short',
    'long',
    'long',
    'bun',
    'curly',
    'shaved',
  ]);
  const hat = random.weighted<Hat>([
    ['none', 5],
    ['cowboy', 3],
    ['helmet', 1],
    ['beanie', 1],
  ]);
  const beard = style !== 'long' && style !== 'bun' && random.chance(0.35);
  const glasses = random.chance(0.2);
  const scarf = random.chance(0.45) ? random.pick(SCARF) : undefined;

  const skinLit = mix(lighten(skin, 0.06), light.tint, 0.2);
  const skinShade = mix(skin, '#7a3b2c', 0.16);
  const parts: string[] = [];

  // Hair that falls behind the head and shoulders.
  if (style === 'long') {
    parts.push(
      `<path d="M-150 470C-165 320 -70 282 0 284C70 282 165 320 150 470L170 735C120 760 70 748 58 712L-58 712C-70 748 -120 760 -170 735Z" fill="${hair}"/>`,
    );
  }

  // Shoulders and shirt, lit from the upper left.
  const shirtFill = canvas.linearGradient(
    [
      { offset: 0, color: lighten(shirt, 0.1) },
      { offset: 1, color: darken(shirt, 0.3) },
    ],
    { x: 0, y: 0 },
    { x: 1, y: 1 },
  );
  parts.push(
    `<path d="M-62 600L62 600L70 740L-70 740Z" fill="${skinShade}"/>`,
    `<path d="M-400 1010C-392 850 -330 770 -190 742L-66 706C-30 740 30 740 66 706L190 742C330 770 392 850 400 1010Z" fill="${shirtFill}"/>`,
  );
  // Collar or neckerchief.
  parts.push(
    scarf
      ? `<path d="M-92 716C-40 760 40 760 92 716L60 792C30 820 -30 820 -60 792Z" fill="${scarf}"/><path d="M-20 800L20 800L8 900L-8 900Z" fill="${darken(scarf, 0.15)}"/>`
      : `<path d="M-68 706L0 790L-44 812L-96 726Z" fill="${lighten(shirt, 0.18)}"/><path d="M68 706L0 790L44 812L96 726Z" fill="${lighten(shirt, 0.12)}"/>`,
  );

  // Ears, head and a soft shadow on the shaded side of the face.
  parts.push(
    `<ellipse cx="-128" cy="482" rx="22" ry="36" fill="${skin}"/><ellipse cx="128" cy="482" rx="22" ry="36" fill="${skinShade}"/>`,
  );
  const faceFill = canvas.linearGradient(
    [
      { offset: 0, color: skinLit },
      { offset: 0.6, color: skin },
      { offset: 1, color: skinShade },
    ],
    { x: 0, y: 0.2 },
    { x: 1, y: 0.8 },
  );
  parts.push(`<path d="${FACE}" fill="${faceFill}"/>`);
  parts.push(
    `<path d="M-70 635C-30 655 30 655 70 635L72 668C30 690 -30 690 -72 668Z" fill="${mix(skin, '#5a2a20', 0.3)}" opacity="0.35"/>`,
  );

  // Face: brows, eyes, nose, smile, cheeks.
  const eyeY = random.between(470, 490);
  const eyeGap = random.between(44, 52);
  const brow = darken(hair, 0.1);
  parts.push(
    `<path d="M${fmt(-eyeGap - 24)} ${fmt(eyeY - 34)}Q${fmt(-eyeGap)} ${fmt(eyeY - 46)} ${fmt(-eyeGap + 22)} ${fmt(eyeY - 36)}" fill="none" stroke="${brow}" stroke-width="7" stroke-linecap="round"/>`,
    `<path d="M${fmt(eyeGap - 22)} ${fmt(eyeY - 36)}Q${fmt(eyeGap)} ${fmt(eyeY - 46)} ${fmt(eyeGap + 24)} ${fmt(eyeY - 34)}" fill="none" stroke="${brow}" stroke-width="7" stroke-linecap="round"/>`,
    `<ellipse cx="${fmt(-eyeGap)}" cy="${fmt(eyeY)}" rx="9" ry="11" fill="#2a1f1b"/><ellipse cx="${fmt(eyeGap)}" cy="${fmt(eyeY)}" rx="9" ry="11" fill="#2a1f1b"/>`,
    `<circle cx="${fmt(-eyeGap + 3)}" cy="${fmt(eyeY - 4)}" r="3" fill="#ffffff" opacity="0.8"/><circle cx="${fmt(eyeGap + 3)}" cy="${fmt(eyeY - 4)}" r="3" fill="#ffffff" opacity="0.8"/>`,
    `<path d="M4 ${fmt(eyeY + 10)}C10 ${fmt(eyeY + 36)} 18 ${fmt(eyeY + 52)} 6 ${fmt(eyeY + 60)}C0 ${fmt(eyeY + 63)} -8 ${fmt(eyeY + 60)} -12 ${fmt(eyeY + 56)}" fill="none" stroke="${darken(skin, 0.25)}" stroke-width="5" stroke-linecap="round"/>`,
    `<circle cx="${fmt(-eyeGap - 18)}" cy="${fmt(eyeY + 58)}" r="24" fill="#e27d6a" opacity="0.16"/><circle cx="${fmt(eyeGap + 18)}" cy="${fmt(eyeY + 58)}" r="24" fill="#e27d6a" opacity="0.16"/>`,
  );
  const smile = random.between(10, 22);
  const mouthY = eyeY + random.between(92, 104);
  parts.push(
    `<path d="M-34 ${fmt(mouthY)}Q0 ${fmt(mouthY + smile)} 34 ${fmt(mouthY)}" fill="none" stroke="#8a3f36" stroke-width="6" stroke-linecap="round"/>`,
  );
  if (beard) {
    parts.push(
      `<path d="M-130 470C-126 560 -96 640 0 652C96 640 126 560 130 470C116 540 80 575 40 572C20 ${fmt(mouthY - 18)} -20 ${fmt(mouthY - 18)} -40 572C-80 575 -116 540 -130 470Z" fill="${hair}"/>`,
      `<path d="M-30 ${fmt(mouthY + 2)}Q0 ${fmt(mouthY + smile)} 30 ${fmt(mouthY + 2)}" fill="none" stroke="#8a3f36" stroke-width="6" stroke-linecap="round"/>`,
    );
  }
  if (glasses) {
    const frame = random.pick(['#2b2b2b', '#7a4a24', '#9a9a9a']);
    parts.push(
      `<g fill="none" stroke="${frame}" stroke-width="5"><circle cx="${fmt(-eyeGap)}" cy="${fmt(eyeY)}" r="30"/><circle cx="${fmt(eyeGap)}" cy="${fmt(eyeY)}" r="30"/><path d="M${fmt(-eyeGap + 30)} ${fmt(eyeY - 4)}Q0 ${fmt(eyeY - 14)} ${fmt(eyeGap - 30)} ${fmt(eyeY - 4)}"/></g>`,
    );
  }

  // Hair on top of the head.
  const hairTop: Record<HairStyle, string> = {
    short: `<path d="M-136 480C-146 340 -64 288 8 290C92 294 146 350 136 480C128 420 108 388 72 376C30 398 -50 394 -96 418C-114 432 -128 454 -136 480Z" fill="${hair}"/>`,
    long: `<path d="M-140 500C-150 340 -64 288 4 288C80 288 150 340 140 500C130 420 100 380 40 366C-10 394 -80 400 -140 500Z" fill="${hair}"/>`,
    bun: `<circle cx="0" cy="270" r="58" fill="${hair}"/><path d="M-134 470C-140 340 -64 292 0 292C64 292 140 340 134 470C124 410 96 376 0 368C-96 376 -124 410 -134 470Z" fill="${hair}"/>`,
    curly: Array.from({ length: 14 }, (_, index) => {
      const angle = Math.PI * (1.02 + (index / 13) * 0.96);
      return `<circle cx="${fmt(Math.cos(angle) * 128)}" cy="${fmt(455 + Math.sin(angle) * 160)}" r="${fmt(random.between(38, 52))}" fill="${hair}"/>`;
    }).join(''),
    shaved: `<path d="M-128 430C-120 340 -60 304 0 304C60 304 120 340 128 430C100 380 60 360 0 358C-60 360 -100 380 -128 430Z" fill="${hair}" opacity="0.55"/>`,
  };
  if (hat === 'none' || style === 'long') parts.push(hairTop[style]);
  parts.push(drawHat(hat, random, light));

  canvas.layer(0, `<g>${parts.join('')}</g>`);
}

function drawHat(hat: Hat, random: Random, light: Light): string {
  switch (hat) {
    case 'none':
      return '';
    case 'cowboy': {
      const felt = random.pick(['#7a5636', '#4e3a2b', '#b58c5a', '#d9c7a3', '#3b3532']);
      const lit = mix(lighten(felt, 0.12), light.tint, 0.2);
      return (
        `<path d="M-250 372C-200 392 -120 398 0 398C120 398 200 392 250 372C230 410 150 428 0 428C-150 428 -230 410 -250 372Z" fill="${darken(felt, 0.15)}"/>` +
        `<path d="M-128 390C-132 300 -110 230 -40 226C-20 240 20 240 40 226C110 230 132 300 128 390Z" fill="${lit}"/>` +
        `<path d="M-128 372C-40 388 40 388 128 372L128 392C40 406 -40 406 -128 392Z" fill="${darken(felt, 0.45)}"/>`
      );
    }
    case 'helmet': {
      const shell = random.pick(['#1f2a36', '#3b3b3b', '#2f3f2f', '#5a3a2a']);
      return (
        `<path d="M-142 420C-150 300 -70 252 0 252C70 252 150 300 142 420Z" fill="${shell}"/>` +
        `<path d="M-142 410C-40 392 60 392 168 418L160 436C60 414 -40 414 -142 430Z" fill="${darken(shell, 0.3)}"/>` +
        `<path d="M-60 270C-30 262 30 262 60 270" stroke="${lighten(shell, 0.25)}" stroke-width="6" fill="none"/>`
      );
    }
    case 'beanie': {
      const wool = random.pick(['#a33b32', '#2f5d8a', '#d8a23c', '#3f6b55', '#e6e0d4']);
      return (
        `<path d="M-136 420C-140 300 -70 250 0 250C70 250 140 300 136 420Z" fill="${wool}"/>` +
        `<path d="M-140 400h280v46h-280Z" rx="12" fill="${darken(wool, 0.15)}"/>` +
        `<circle cx="0" cy="240" r="28" fill="${lighten(wool, 0.2)}"/>`
      );
    }
  }
}
