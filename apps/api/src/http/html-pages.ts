/**
 * What the API's few HTML pages share (the sandbox payment page, the development outbox): text
 * escaped for HTML, and the bodies their `<form method="post">` send.
 */
import type { FastifyInstance } from 'fastify';

/** A posted HTML form: every field a string (or absent). */
export type HtmlForm = Record<string, string | undefined>;

/** Escapes text before it goes into HTML, in text or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/**
 * Reads `application/x-www-form-urlencoded` bodies in `scope` (register it inside
 * `app.register`, so the API's JSON routes keep refusing them) as an `HtmlForm`.
 */
export function acceptHtmlForms(scope: FastifyInstance, bodyLimit = 4096): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** The posted form of a request, or an empty one when the body was not a form. */
export function formOf(body: unknown): HtmlForm {
  return typeof body === 'object' && body !== null ? (body as HtmlForm) : {};
}
