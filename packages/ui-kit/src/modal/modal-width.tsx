import { createContext, type ReactNode } from 'react';

/** Default modal width in px (docs/product.md, Constants). */
export const MODAL_WIDTH = 500;

// A site may set its own default width (Gallop's is 489 px); a modal's `width` still wins. Kept
// apart from the modal (no styles, no react-aria) so that an app shell can set it cheaply.
export const ModalWidthContext = createContext<number>(MODAL_WIDTH);

/** Sets the default width of the modals inside, for a site whose default is not 500 px. */
export function ModalWidthProvider({ width, children }: { width: number; children: ReactNode }) {
  return <ModalWidthContext.Provider value={width}>{children}</ModalWidthContext.Provider>;
}
