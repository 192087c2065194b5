import type { paths } from '@gallop/api-client';
import type { ButtonFlush } from '@gallop/ui-kit';
import { ButtonLink } from '../../../../components/button-link/button-link';

/** The contract's receipt call; a renamed path is a compile error here. */
const RECEIPT_PATH = '/crm/api/request/receipt' satisfies keyof paths;

/**
 * The booking's PDF from the API, through the web origin like every browser call to `/crm/api`
 * (the web server forwards it, `server/proxy.ts`); the link key (uuid) opens it, as it opens the
 * booking page.
 */
const receiptHref = (uuid: string) => `${RECEIPT_PATH}?uuid=${encodeURIComponent(uuid)}`;

/**
 * "Download receipt (PDF)"; before anything is paid the same document is a booking summary (the
 * API titles it so), and the link says so.
 */
export function ReceiptLink({
  uuid,
  paid,
  flush,
}: {
  uuid: string;
  paid: boolean;
  /** `start` on a line of its own under text (the booking's summary). */
  flush?: ButtonFlush;
}) {
  return (
    <ButtonLink href={receiptHref(uuid)} download theme="ghost" size="sm" flush={flush}>
      {paid ? 'Download receipt (PDF)' : 'Download booking summary (PDF)'}
    </ButtonLink>
  );
}
