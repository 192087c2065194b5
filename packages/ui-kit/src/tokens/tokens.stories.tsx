import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect } from 'storybook/test';
import {
  breakpoints,
  colors,
  durations,
  fontSizes,
  mediaUp,
  radii,
  shadows,
  space,
  type Breakpoint,
} from './tokens';

type ColorToken = keyof typeof colors;

/** `brandHover` -> `--gk-color-brand-hover`, the name styles.css uses for the same token. */
function cssVariable(token: ColorToken): string {
  return `--gk-color-${token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

function cssValue(variable: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
}

/** `#FFF`, `#ffffff` and `white` all become `rgb(255, 255, 255)`: minified CSS may use any. */
function normalizeColor(color: string): string {
  const probe = document.createElement('span');
  probe.style.color = color;
  return probe.style.color;
}

const text = { font: '14px/1.4 var(--gk-font)', color: 'var(--gk-color-ink)' } as const;
const muted = { ...text, fontSize: 13, color: 'var(--gk-color-ink-muted)' } as const;
const code = { fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace', fontSize: 12 } as const;

function ColorSwatches() {
  return (
    <ul
      aria-label="Colours"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
        gap: 16,
        margin: 0,
        padding: 0,
        listStyle: 'none',
      }}
    >
      {(Object.keys(colors) as ColorToken[]).map((token) => {
        const variable = cssVariable(token);
        const inCss = cssValue(variable) !== '';
        return (
          <li
            key={token}
            data-token={token}
            style={{
              border: '1px solid var(--gk-color-border)',
              borderRadius: 'var(--gk-radius)',
              overflow: 'hidden',
            }}
          >
            <div style={{ height: 72, background: colors[token] }} />
            <div style={{ padding: '10px 12px', display: 'grid', gap: 2 }}>
              <strong style={text}>{token}</strong>
              <span style={{ ...muted, ...code }}>{colors[token]}</span>
              <span style={{ ...muted, ...code }}>{inCss ? `var(${variable})` : 'JS only'}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The largest breakpoint whose `mediaUp` query matches the current width, if any. */
function activeBreakpoint(): Breakpoint | undefined {
  return (Object.keys(breakpoints) as Breakpoint[])
    .filter((name) => window.matchMedia(mediaUp(name)).matches)
    .at(-1);
}

function useActiveBreakpoint(): Breakpoint | undefined {
  const [active, setActive] = useState(activeBreakpoint);
  useEffect(() => {
    const update = () => setActive(activeBreakpoint());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return active;
}

function BreakpointScale() {
  const active = useActiveBreakpoint();
  const largest = Math.max(...Object.values(breakpoints));
  return (
    <table style={{ ...text, borderCollapse: 'collapse', width: '100%' }}>
      <caption style={{ ...muted, textAlign: 'left', paddingBottom: 8 }}>
        Mobile first: styles for a breakpoint apply from its width up. Current:{' '}
        <strong>{active ?? 'below sm (phone)'}</strong>
      </caption>
      <thead>
        <tr style={{ textAlign: 'left' }}>
          <th scope="col" style={{ padding: 8 }}>
            Name
          </th>
          <th scope="col" style={{ padding: 8 }}>
            From
          </th>
          <th scope="col" style={{ padding: 8 }}>
            Media query
          </th>
          <th scope="col" style={{ padding: 8, width: '40%', minWidth: 48 }}>
            Scale
          </th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(breakpoints) as Breakpoint[]).map((name) => (
          <tr
            key={name}
            aria-current={name === active ? 'true' : undefined}
            style={{
              borderTop: '1px solid var(--gk-color-border)',
              background: name === active ? 'var(--gk-color-surface-muted)' : undefined,
            }}
          >
            <th scope="row" style={{ padding: 8, textAlign: 'left' }}>
              {name}
            </th>
            <td style={{ padding: 8 }}>{breakpoints[name]}px</td>
            <td style={{ padding: 8, ...code, whiteSpace: 'nowrap' }}>{mediaUp(name)}</td>
            <td style={{ padding: 8 }}>
              <div
                aria-hidden="true"
                style={{
                  height: 8,
                  borderRadius: 4,
                  width: `${(breakpoints[name] / largest) * 100}%`,
                  background: 'var(--gk-color-brand)',
                }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every `--gk-*` custom property of the `:root` rules in the loaded stylesheets (tokens.css). */
function cssTokens(): [name: string, value: string][] {
  const found = new Map<string, string>();
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSStyleRule) || rule.selectorText !== ':root') continue;
      for (const name of Array.from(rule.style)) {
        if (name.startsWith('--gk-')) found.set(name, rule.style.getPropertyValue(name).trim());
      }
    }
  }
  return [...found];
}

/** A preview of one CSS token, picked by the family its name belongs to. */
function TokenPreview({ name }: { name: string }) {
  const box = {
    width: 72,
    height: 40,
    border: '1px solid var(--gk-color-border)',
    background: 'var(--gk-color-surface)',
  } as const;
  const ref = `var(${name})`;
  if (name.startsWith('--gk-color-')) return <div style={{ ...box, background: ref }} />;
  if (name.startsWith('--gk-shadow-')) return <div style={{ ...box, boxShadow: ref }} />;
  if (name.startsWith('--gk-radius')) return <div style={{ ...box, borderRadius: ref }} />;
  if (name === '--gk-focus-outline') return <div style={{ ...box, outline: ref }} />;
  if (name.startsWith('--gk-space-'))
    return <div style={{ width: ref, height: 12, background: 'var(--gk-color-brand)' }} />;
  if (name.startsWith('--gk-font-size-')) return <span style={{ ...text, fontSize: ref }}>Aa</span>;
  if (name.startsWith('--gk-font')) return <span style={{ ...text, fontFamily: ref }}>Aa</span>;
  return null;
}

/** A token table's column headings, as the breakpoint table's. */
function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <thead>
      <tr style={{ textAlign: 'left' }}>
        {names.map((name) => (
          <th key={name} scope="col" style={{ padding: 8 }}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function CssTokenTable() {
  return (
    <table style={{ ...text, borderCollapse: 'collapse', width: '100%' }}>
      <caption style={{ ...muted, textAlign: 'left', paddingBottom: 8 }}>
        Read from the loaded tokens.css, so the table cannot drift from it.
      </caption>
      <ColumnHeads names={['Variable', 'Value', 'Preview']} />
      <tbody>
        {cssTokens().map(([name, value]) => (
          <tr
            key={name}
            data-css-token={name}
            style={{ borderTop: '1px solid var(--gk-color-border)' }}
          >
            <th scope="row" style={{ padding: 8, textAlign: 'left' }}>
              <code style={code}>{name}</code>
            </th>
            <td style={{ padding: 8 }}>
              <code style={{ ...code, color: 'var(--gk-color-ink-muted)' }}>{value}</code>
            </td>
            <td style={{ padding: 8 }}>
              <TokenPreview name={name} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const meta = {
  title: 'Foundations/Tokens',
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: `The design tokens: colours, type scale, spacing, radii, shadows, motion, breakpoints
and layers. Each exists twice, as a TypeScript constant (\`colors\`, \`fontSizes\`, \`space\`,
\`radii\`, \`shadows\`, \`durations\`, \`breakpoints\` from \`@gallop/ui-kit\`) and as a
\`--gk-*\` CSS variable; a unit test keeps the two equal. Every swatch below is drawn from
those values, none is copied by hand.

**Usage.** Do use a token (\`var(--gk-space-4)\`, \`colors.brand\`) for every colour, size,
gap, radius and shadow. Don't write a raw hex or pixel value that a token already names, or add a
colour outside this palette without adding it to tokens.ts and tokens.css.`,
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Colours from `colors` in `@gallop/ui-kit`; styles.css mirrors most of them as CSS variables. */
export const Colors: Story = {
  render: () => <ColorSwatches />,
  play: async ({ canvas }) => {
    const swatches = canvas.getAllByRole('listitem');
    await expect(swatches).toHaveLength(Object.keys(colors).length);
    // Where styles.css defines the variable, it must hold the same value as tokens.ts.
    for (const token of Object.keys(colors) as ColorToken[]) {
      const value = cssValue(cssVariable(token));
      if (value) await expect(normalizeColor(value)).toBe(normalizeColor(colors[token]));
    }
  },
};

/** Breakpoints from `breakpoints`; use `mediaUp(name)` for the matching `min-width` query. */
export const Breakpoints: Story = {
  render: () => <BreakpointScale />,
  play: async ({ canvas }) => {
    for (const [name, px] of Object.entries(breakpoints)) {
      const row = canvas.getByRole('rowheader', { name }).closest('tr');
      await expect(row).toHaveTextContent(`${px}px`);
    }
  },
};

/** Type scale: `--gk-font-size-*`; display headings use `--gk-font-display`. */
export const TypeScale: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {Object.entries(fontSizes)
        .reverse()
        .map(([name, px]) => (
          <div
            key={name}
            data-token={name}
            style={{ display: 'flex', alignItems: 'baseline', gap: 16 }}
          >
            <code
              style={{ ...muted, ...code, width: 170, flex: 'none' }}
            >{`--gk-font-size-${name}`}</code>
            <span
              style={{
                ...text,
                fontSize: `var(--gk-font-size-${name})`,
                fontFamily: px >= 22 ? 'var(--gk-font-display)' : 'var(--gk-font)',
              }}
            >
              Ride the Altai, {px}px
            </span>
          </div>
        ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const [name, px] of Object.entries(fontSizes)) {
      const sample = canvasElement.querySelector(`[data-token="${name}"] span`)!;
      await expect(getComputedStyle(sample).fontSize).toBe(`${px}px`);
    }
  },
};

/** Spacing (4 px grid), radii, shadows and motion durations. */
export const SpaceRadiiShadows: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 32 }}>
      <div style={{ display: 'grid', gap: 8 }}>
        {Object.entries(space).map(([name, px]) => (
          <div key={name} style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
            <code style={{ ...muted, ...code, width: 120 }}>{`--gk-space-${name}`}</code>
            <div
              data-space={name}
              style={{
                width: `var(--gk-space-${name})`,
                height: 12,
                background: 'var(--gk-color-brand)',
              }}
            />
            <span style={muted}>{px}px</span>
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
        {Object.entries(radii).map(([name, px]) => (
          <div
            key={name}
            style={{
              width: 120,
              height: 80,
              display: 'grid',
              placeItems: 'center',
              borderRadius: `var(--gk-radius-${name})`,
              border: '1px solid var(--gk-color-border)',
              boxShadow: `var(--gk-shadow-${name === 'sm' ? 'sm' : name === 'md' ? 'md' : 'lg'})`,
              ...muted,
            }}
          >
            {`radius ${name} ${px}px`}
          </div>
        ))}
      </div>
      <p style={muted}>
        Shadows: {Object.keys(shadows).join(', ')}. Durations:{' '}
        {Object.entries(durations)
          .map(([name, ms]) => `${name} ${ms} ms`)
          .join(', ')}
        .
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const [name, px] of Object.entries(space)) {
      const bar = canvasElement.querySelector<HTMLElement>(`[data-space="${name}"]`)!;
      await expect(bar.getBoundingClientRect().width).toBe(px);
    }
  },
};

/** Every CSS variable of tokens.css with its value and a swatch: what a stylesheet can use. */
export const AllCssVariables: Story = {
  render: () => <CssTokenTable />,
  play: async ({ canvasElement }) => {
    const rows = canvasElement.querySelectorAll('[data-css-token]');
    await expect(rows.length).toBe(cssTokens().length);
    // The families the issue names are all on the page.
    for (const prefix of [
      '--gk-color-',
      '--gk-font-size-',
      '--gk-space-',
      '--gk-radius-',
      '--gk-shadow-',
    ])
      await expect(canvasElement.querySelector(`[data-css-token^="${prefix}"]`)).not.toBeNull();
  },
};
