import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

/**
 * The contract answers documents as XML (the sitemap) and PDF (receipts) and takes none.
 * fastify-openapi-glue warns at every start about a content type of the contract with no body
 * parser; these parsers refuse such request bodies with a clear 415, as Fastify would without one.
 */
export function refuseXmlBodies(app: FastifyInstance): void {
  app.addContentTypeParser(['application/xml', 'text/xml'], (_request, _payload, done) => {
    done(new HttpError(415, 'XML request bodies are not accepted: send JSON'), undefined);
  });
  app.addContentTypeParser('application/pdf', (_request, _payload, done) => {
    done(new HttpError(415, 'PDF request bodies are not accepted: send JSON'), undefined);
  });
}
