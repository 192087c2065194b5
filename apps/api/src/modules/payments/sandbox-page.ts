/**
 * The sandbox provider's hosted card page (decisions: "a hosted card page that simulates 3-D
 * Secure"). It lives under /crm/api so the web origin's proxy serves it too. The card number is
 * read only to pick the test outcome and its last four digits; nothing else is kept.
 */
import { amountDue, CANCELED_STATUSES, isActive, openPaymentTypes } from '@gallop/booking-rules';
import { formatPrice } from '@gallop/currency';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptHtmlForms, escapeHtml, formOf, type HtmlForm } from '#src/http/html-pages.ts';
import { htmlPageCsp } from '#src/http/security-headers.ts';
import type { Database } from '#src/db/client.ts';
import { and, eq, gt } from 'drizzle-orm';
import { bookingRequests, payments, tours } from '#src/db/schema/index.ts';
import { outcomeUrl } from './payment-links.ts';
import { PAYMENT_TYPE_LABELS } from './payment-type-labels.ts';
import {
  closeExpiredQr,
  findPayment,
  openAtProvider,
  QR_LIFETIME_MS,
  qrExpired,
  settlePayment,
  settleVoids,
} from './payments.ts';
import {
  bookingUrl,
  CLOSED_BY_GALLOP,
  type PaymentRow,
  type RequestRow,
} from '#src/modules/bookings/index.ts';
import {
  chargeSandboxPayment,
  challengedCard,
  sandboxPayment,
  sandboxProvider,
  startSandboxChallenge,
  type ChargeResult,
} from './sandbox-ledger.ts';
import { cardOutcome, expiryProblem, TEST_CARDS, verifyPageToken } from './sandbox-provider.ts';

/** The code the simulated bank's 3-D Secure step accepts. */
export const CHALLENGE_CODE = '1234';

/**
 * Why a payment's page shows it closed (`closedBecause`); `repriced`: the booking's riders
 * changed what is due, and the page offers the new amount; `expired`: a fast payment's (sbp) QR
 * code expired before it was paid, and the page offers to start again from the booking.
 */
type ClosedBecause = 'replaced' | 'cancelled' | 'repriced' | 'expired' | 'unknown';

/** Minutes a fast payment's QR code can be paid, as its closed page says. */
const QR_MINUTES = QR_LIFETIME_MS / 60_000;

interface PageOptions {
  db: Database;
  publicUrl: string;
  /** PAYMENT_SANDBOX_SECRET, else the database's generated one (decision 061). */
  secret: () => string;
}

/** An amount in minor units as the site writes prices: no decimals ("Currency display"). */
export const money = (minor: number, currency: string) => formatPrice(minor / 100, currency);

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f1fb;color:#1d1b29}
main{max-width:26rem;margin:2.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(40,20,90,.12);padding:1.75rem}
.badge{display:inline-block;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;background:#fff4d6;color:#7a5200;border-radius:999px;padding:.2rem .6rem}
h1{font-size:1.35rem;margin:.75rem 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
.muted{color:#5d5870;font-size:.9rem}label{display:block;font-weight:600;font-size:.9rem;margin:.9rem 0 .3rem}
input{box-sizing:border-box;width:100%;font:inherit;padding:.7rem .8rem;border:1px solid #cfc8e0;border-radius:10px}
input:focus{outline:2px solid #793dfc;border-color:#793dfc}.row{display:flex;gap:.75rem}.row>div{flex:1}
button{font:inherit;font-weight:600;border:0;border-radius:10px;padding:.8rem 1rem;width:100%;margin-top:1.25rem;cursor:pointer}
.pay{background:#793dfc;color:#fff}a.pay{display:block;box-sizing:border-box;text-align:center;text-decoration:none;font-weight:600;border-radius:10px;padding:.8rem 1rem;margin-top:1.25rem}.cancel{background:transparent;color:#5d5870;margin-top:.5rem}
.error{background:#fdecec;color:#9b1c1c;border-radius:10px;padding:.6rem .8rem;margin-top:1rem}
details{margin-top:1.25rem;font-size:.85rem;color:#5d5870}code{background:#f1eef8;padding:.1rem .3rem;border-radius:4px}
.foot{text-align:center;margin-top:1rem}`;

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><div class="card">${content}</div><p class="muted foot">Secured by the Gallop sandbox payment provider. Card data is never stored.</p></main></body></html>`;
}

export function registerSandboxPaymentPages(app: FastifyInstance, options: PageOptions): void {
  const { db, publicUrl, secret } = options;

  const provider = sandboxProvider(db);
  const back = (payment: PaymentRow) => outcomeUrl(payment, { publicUrl, secret });

  async function describe(payment: PaymentRow) {
    const [row] = await db
      .select({ tour: tours.name })
      .from(bookingRequests)
      .innerJoin(tours, eq(tours.id, bookingRequests.tourId))
      .where(eq(bookingRequests.id, payment.requestId));
    return row?.tour ?? 'Your tour';
  }

  async function cardForm(reply: FastifyReply, payment: PaymentRow, token: string, error?: string) {
    const tour = await describe(payment);
    const action = `/crm/api/payment/sandbox/${payment.id}`;
    return reply
      .code(error ? 422 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          'Pay for your booking',
          `<span class="badge">Test mode</span><h1>${escapeHtml(tour)}</h1><p class="muted">Booking #${payment.requestId} · ${PAYMENT_TYPE_LABELS[payment.paymentType]}</p><p class="amount">${money(payment.amount, payment.currency)}</p>
<form method="post" action="${action}"><input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" autocomplete="cc-exp" placeholder="12/30" required pattern="\\d{2}\\s*/\\s*\\d{2}"></div><div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required pattern="\\d{3,4}"></div></div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button class="pay" type="submit">Pay ${money(payment.amount, payment.currency)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">Cancel and go back</button></form>
<details><summary>Test cards</summary><p><code>${TEST_CARDS.success}</code> pays, <code>${TEST_CARDS.decline}</code> is declined, <code>${TEST_CARDS.challenge}</code> asks for 3-D Secure (code <code>${CHALLENGE_CODE}</code>). Any future expiry and any CVC.</p></details>`,
        ),
      );
  }

  function challengeForm(reply: FastifyReply, payment: PaymentRow, token: string, last4: string) {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          'Confirm the payment with your bank',
          `<span class="badge">3-D Secure · Test mode</span><h1>Confirm with your bank</h1><p class="muted">Your bank sent a code to confirm ${money(payment.amount, payment.currency)} with the card ending in ${escapeHtml(last4)}.</p>
<form method="post" action="/crm/api/payment/sandbox/${payment.id}/challenge"><input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="code">Confirmation code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<button class="pay" type="submit">Confirm</button></form><details open><summary>Test mode</summary><p>The code <code>${CHALLENGE_CODE}</code> confirms; any other code fails the payment.</p></details>`,
        ),
      );
  }

  /** Applies what the provider's books say to Gallop's payment, then refunds what was not due. */
  const apply = (payment: PaymentRow, status: ChargeResult, cardLast4: string | undefined) =>
    settlePayment({ db, provider, publicUrl, log: app.log }, payment, { status, cardLast4 });

  /**
   * The payer's attempt: settled at the provider first (once: a voided or already settled payment
   * is not charged), then applied to the booking, then the traveller goes back to the site.
   */
  async function finish(
    reply: FastifyReply,
    payment: PaymentRow,
    status: ChargeResult,
    last4?: string,
  ) {
    if (await chargeSandboxPayment(db, payment.providerPaymentId, status, last4)) {
      await apply(payment, status, last4);
    }
    return reply.redirect(back((await findPayment(db, payment.id))!), 303);
  }

  /**
   * Why Gallop closed a payment its page can no longer take. Gallop closes an open payment
   * (`failure_reason` voided) when a newer one is started for the booking, when a rider change
   * moves what is due, or when the booking is cancelled; a payment still open on a cancelled
   * booking is closed by the page itself, and so is a fast payment (sbp) whose QR code expired.
   * One Gallop closed once its code had expired (here, or by a start renewing the code) says so.
   */
  async function closedBecause(
    payment: PaymentRow,
    booking: RequestRow | undefined,
  ): Promise<ClosedBecause> {
    const cancelled =
      booking !== undefined && (CANCELED_STATUSES as readonly number[]).includes(booking.status);
    if (payment.status === 1) return cancelled ? 'cancelled' : 'unknown';
    if (payment.failureReason !== CLOSED_BY_GALLOP) return 'unknown';
    if (qrExpired(payment, payment.updatedAt)) return 'expired';
    const [newer] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.requestId, payment.requestId), gt(payments.id, payment.id)))
      .limit(1);
    if (newer) return 'replaced';
    if (cancelled) return 'cancelled';
    const now = booking && isActive(booking.status) ? dueNow(booking, payment) : undefined;
    return now !== undefined && now !== payment.amount ? 'repriced' : 'unknown';
  }

  /** What the booking asks now in place of `payment`: the same kind of payment, else the first open. */
  function dueNow(booking: RequestRow, payment: PaymentRow): number | undefined {
    const type =
      amountDue(booking, payment.paymentType) === undefined
        ? openPaymentTypes(booking)[0]
        : payment.paymentType;
    return type === undefined ? undefined : amountDue(booking, type);
  }

  async function closedPage(
    reply: FastifyReply,
    payment: PaymentRow,
    booking: RequestRow | undefined,
  ) {
    const name = `Booking #${payment.requestId}`;
    const because = await closedBecause(payment, booking);
    const due = booking && because === 'repriced' ? dueNow(booking, payment) : undefined;
    const wording: Record<ClosedBecause, [title: string, why: string]> = {
      replaced: [
        'This payment was replaced',
        `${name} has a newer payment, so no money was taken here.`,
      ],
      cancelled: [
        'This payment was closed because the booking was cancelled',
        `${name} was cancelled, so this payment was closed and no money was taken here.`,
      ],
      expired: [
        'This QR code has expired',
        `The QR code of this payment for ${name} could be paid for ${QR_MINUTES} minutes, and that time has ended, so no money was taken here.`,
      ],
      repriced: [
        'The amount due has changed',
        `The riders of ${name} changed, so this payment of ${money(payment.amount, payment.currency)} was closed and no money was taken here. ${money(due ?? 0, payment.currency)} is due now.`,
      ],
      unknown: [
        'This payment is closed',
        `${name} can no longer be paid here, so no money was taken.`,
      ],
    };
    const [title, why] = wording[because];
    const active = booking !== undefined && isActive(booking.status);
    const next =
      because === 'repriced' && booking
        ? `<a class="pay" href="${escapeHtml(bookingUrl(booking, publicUrl))}">Pay ${money(due ?? 0, payment.currency)} on Gallop</a>`
        : because === 'expired' && booking && active
          ? `<a class="pay" href="${escapeHtml(bookingUrl(booking, publicUrl))}">Start again from your booking</a>`
          : `<p class="muted">${
              active
                ? 'Open your booking on Gallop to pay what is due.'
                : 'Open your booking on Gallop to see where it stands.'
            }</p>`;
    return reply
      .code(410)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          title,
          `<h1>${escapeHtml(because === 'repriced' || because === 'expired' ? title : 'This payment is no longer open')}</h1><p class="muted">${escapeHtml(why)}</p>${next}`,
        ),
      );
  }

  /** The payment behind the address, when its token matches; else a 404 page. */
  async function open(id: string, token: string | undefined, reply: FastifyReply) {
    let payment = /^\d{1,9}$/.test(id) ? await findPayment(db, Number(id)) : undefined;
    if (
      !payment ||
      !token ||
      !verifyPageToken(payment.id, payment.providerPaymentId, token, secret())
    ) {
      await reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Payment not found',
            '<h1>Payment not found</h1><p class="muted">This payment link is not valid. Start the payment again from your booking.</p>',
          ),
        );
      return undefined;
    }
    // A booking cancelled meanwhile (by the traveller, or its hold ended) cannot be paid.
    const [booking] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, payment.requestId));
    if (payment.status === 1 && booking && !isActive(booking.status)) {
      await settleVoids(db, provider, [payment], publicUrl);
      await closedPage(reply, payment, booking);
      return undefined;
    }
    let books = await sandboxPayment(db, payment.providerPaymentId);
    const unsettled = books === undefined || books.status === 'open';
    if (payment.status === 1 && unsettled && qrExpired(payment, new Date())) {
      // Its QR code expired unpaid: closed, and voided at the provider (a payer faster than the
      // void is credited, and sent to the outcome).
      const closed = await closeExpiredQr(db, provider, payment, publicUrl);
      if (closed.status === 2) await reply.redirect(back(closed), 303);
      else await closedPage(reply, closed, booking);
      return undefined;
    }
    if (payment.status === 1 && !books) {
      // Opened here first; a start or cancel that voided it meanwhile is told again.
      payment = await openAtProvider(db, provider, payment, publicUrl);
      books = await sandboxPayment(db, payment.providerPaymentId);
    }
    if (payment.status === 1) {
      if (!books || books.status === 'open') return payment;
      if (books.status !== 'voided') {
        // The provider settled it but Gallop never heard (a process stopped in between).
        await apply(payment, books.status, books.cardLast4 ?? undefined);
        await reply.redirect(back((await findPayment(db, payment.id))!), 303);
        return undefined;
      }
    }
    // A settled payment never runs twice: the traveller is sent to its outcome.
    if (payment.status === 2 || (payment.status === 3 && books?.status !== 'voided')) {
      await reply.redirect(back(payment), 303);
    } else {
      await closedPage(reply, payment, booking);
    }
    return undefined;
  }

  // The style above is the page's only inline content: its hash, never 'unsafe-inline'. After a
  // post the payer is sent back to the site (303), which form-action must allow.
  const csp = htmlPageCsp(STYLE, [new URL(publicUrl).origin]);
  app.register(async (scope) => {
    acceptHtmlForms(scope);
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', csp);
    });

    scope.get<{ Params: { id: string }; Querystring: { token?: string } }>(
      '/crm/api/payment/sandbox/:id',
      async (request, reply) => {
        const payment = await open(request.params.id, request.query.token, reply);
        if (!payment) return reply;
        return cardForm(reply, payment, request.query.token!);
      },
    );

    scope.post<{ Params: { id: string }; Body: HtmlForm }>(
      '/crm/api/payment/sandbox/:id',
      async (request, reply) => {
        const form = formOf(request.body);
        const payment = await open(request.params.id, form.token, reply);
        if (!payment) return reply;
        if (form.action === 'cancel') return finish(reply, payment, 'canceled');
        const digits = (form.card ?? '').replace(/[\s-]/g, '');
        const outcome = cardOutcome(digits);
        if (outcome === 'invalid') {
          return cardForm(reply, payment, form.token!, 'Please check the card number.');
        }
        const expiry = expiryProblem(form.exp ?? '', new Date());
        if (expiry === 'expired') {
          return cardForm(reply, payment, form.token!, 'Your card has expired.');
        }
        if (expiry === 'invalid' || !/^\d{3,4}$/.test(form.cvc ?? '')) {
          return cardForm(reply, payment, form.token!, 'Please check the expiry date and the CVC.');
        }
        const last4 = digits.slice(-4);
        if (outcome === 'challenge') {
          // The provider keeps the card awaiting its code; the challenge step reads it there.
          if (!(await startSandboxChallenge(db, payment.providerPaymentId, last4))) {
            return reply.redirect(back((await findPayment(db, payment.id))!), 303);
          }
          return challengeForm(reply, payment, form.token!, last4);
        }
        return finish(reply, payment, outcome === 'success' ? 'succeeded' : 'declined', last4);
      },
    );

    scope.post<{ Params: { id: string }; Body: HtmlForm }>(
      '/crm/api/payment/sandbox/:id/challenge',
      async (request, reply) => {
        const form = formOf(request.body);
        const payment = await open(request.params.id, form.token, reply);
        if (!payment) return reply;
        // Only a challenge the card step started, and only with the card it checked: a post
        // straight to this step, with no card, is sent back to the card form.
        const last4 = await challengedCard(db, payment.providerPaymentId);
        if (last4 === undefined) {
          return cardForm(reply, payment, form.token!, 'Please enter your card to pay.');
        }
        return finish(
          reply,
          payment,
          form.code?.trim() === CHALLENGE_CODE ? 'succeeded' : 'declined',
          last4,
        );
      },
    );
  });
}
