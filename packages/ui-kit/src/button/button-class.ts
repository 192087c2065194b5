// The Button's look as class names, with its stylesheet, apart from the component: a page that
// only needs the look (a link in the header) takes this module without the Button or its spinner.
import '../tokens/tokens.css';
import './button.css';

/** The spec's default button theme. */
export const DEFAULT_BUTTON_THEME = 'negative';

export type ButtonTheme = 'primary' | 'negative' | 'ghost' | 'danger' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';
/** The side whose label edge lines up with the text around the button. */
export type ButtonFlush = 'start' | 'end';

/** What decides a button's look, for a `<button>` and for anything that must look like one. */
export interface ButtonLook {
  /** Visual theme; the spec's default button theme is `negative`. */
  theme?: ButtonTheme;
  /** Height and padding: `sm`, `md` (default) or `lg`. */
  size?: ButtonSize;
  /** Stretches the button to its container's width. */
  block?: boolean;
  /**
   * Puts the label, not the padding, on the text's edge: a `ghost` button on a line of its own
   * under a paragraph ("Cancel booking") reads as part of the column, its hover background out in
   * the margin. Only for themes without a visible resting box (`ghost`).
   */
  flush?: ButtonFlush;
}

/**
 * The Button's class names for a given look: for an element that must look like a Button but
 * cannot be one (a link that navigates stays an `<a>`; a `<label>` around a file input). Its
 * stylesheet comes with it.
 */
export function buttonClassName({
  theme = DEFAULT_BUTTON_THEME,
  size = 'md',
  block = false,
  flush,
}: ButtonLook = {}): string {
  return [
    'gk-button',
    `gk-button--${theme}`,
    `gk-button--${size}`,
    block && 'gk-button--block',
    flush && `gk-button--flush-${flush}`,
  ]
    .filter(Boolean)
    .join(' ');
}
