import { ModalWidthProvider } from '@gallop/ui-kit';
import type { ReactNode } from 'react';

/** This site's default modal width (site configuration: 489 px; the kit's own default is 500). */
export const SITE_MODAL_WIDTH = 489;

/** The site's defaults for the kit's components, around the whole document. */
export function SiteUiDefaults({ children }: { children: ReactNode }) {
  return <ModalWidthProvider width={SITE_MODAL_WIDTH}>{children}</ModalWidthProvider>;
}
