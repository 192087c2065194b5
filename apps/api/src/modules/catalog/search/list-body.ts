import type { FastifyReply } from 'fastify';

/**
 * The bytes of a list answer (`TourList`, `ToursPage`) whose cards come as JSON texts from the
 * card store (decision 069). The route's serializer (fast-json-stringify, properties in schema
 * order, `items` first) writes the answer with no cards; the cards' texts are then copied in
 * place of its empty `items`, so a search does not build or serialise a card it has shown
 * before. A string value cannot contain the opening searched for: its quotes are escaped.
 */
export type Serialize = (value: unknown) => string;

const EMPTY_ITEMS = '{"items":[]';
const ITEMS_OPENING = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

export function listBody(
  serialize: Serialize,
  body: { items: readonly unknown[] },
  itemBodies?: readonly Buffer[],
): Buffer {
  if (!itemBodies) return Buffer.from(serialize(body));
  const text = serialize({ ...body, items: [] });
  if (!text.startsWith(EMPTY_ITEMS)) {
    // A schema that does not put `items` first: serialise the cards as objects instead.
    const items = itemBodies.map((item) => JSON.parse(item.toString('utf8')) as unknown);
    return Buffer.from(serialize({ ...body, items }));
  }
  const parts: Buffer[] = [ITEMS_OPENING];
  itemBodies.forEach((item, position) => {
    if (position > 0) parts.push(COMMA);
    parts.push(item);
  });
  // The rest of the answer from the empty list's closing bracket on.
  parts.push(Buffer.from(text.slice(EMPTY_ITEMS.length - 1)));
  return Buffer.concat(parts);
}

/**
 * The body as the route's 200 response schema serialises it (fast-json-stringify), as `send`
 * would, with cards given as JSON texts copied in (`listBody`). (`reply.serialize` cannot be
 * used: it looks the schema up without the content type, and the contract's responses are keyed
 * by it.)
 */
export function serializedList(
  reply: FastifyReply,
  body: { items: readonly unknown[] },
  itemBodies: readonly Buffer[] | undefined,
): Buffer {
  return listBody(responseSerializer(reply), body, itemBodies);
}

/** Any other 200 answer's bytes, as the route's response schema serialises it. */
export function serializedBody(reply: FastifyReply, body: unknown): Buffer {
  return Buffer.from(responseSerializer(reply)(body));
}

function responseSerializer(reply: FastifyReply): Serialize {
  const byType: unknown = reply.getSerializationFunction('200', 'application/json');
  const byStatus: unknown = reply.getSerializationFunction('200');
  const serialize = [byType, byStatus].find((candidate) => typeof candidate === 'function') as
    Serialize | undefined;
  return serialize ?? JSON.stringify;
}
