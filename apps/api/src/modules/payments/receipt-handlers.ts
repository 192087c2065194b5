/**
 * A booking's receipt as a PDF (issue 42): opened like the booking page, by the booking's link
 * key (its uuid), and answered as an attachment.
 */
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { notFound } from '#src/http/http-error.ts';
import { receiptFileName, renderReceiptPdf } from './receipt-pdf.ts';
import { loadReceipt } from './receipts.ts';

export interface ReceiptDeps {
  db: Database;
  now?: (() => Date) | undefined;
}

export function receiptHandlers(deps: ReceiptDeps): Pick<ServiceHandlers, 'getBookingReceipt'> {
  const now = deps.now ?? (() => new Date());
  return {
    async getBookingReceipt(request, reply) {
      const receipt = await loadReceipt(deps.db, request.query.uuid, { now: now() });
      if (!receipt) throw notFound('Booking request not found');
      const pdf = await renderReceiptPdf(receipt);
      return (
        reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${receiptFileName(receipt.booking.id)}"`,
          )
          // Personal, and it changes with every payment.
          .header('cache-control', 'private, no-store')
          // The reply types cover JSON bodies only; this 200 is the contract's application/pdf.
          .send(pdf as never)
      );
    },
  };
}
