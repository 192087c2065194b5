import { describe, expect, it, vi } from 'vitest';
import { listBody } from './list-body.ts';

const cards = [
  { id: 1, name: 'Ride "north"' },
  { id: 2, name: 'Café ride' },
];
const cardBodies = cards.map((card) => Buffer.from(JSON.stringify(card)));
const pagination = { page: 1, per_page: 20, total: 2, page_count: 1 };

/** A serializer that writes properties in the order given, as fast-json-stringify does. */
function inOrder(keys: string[]) {
  return vi.fn((value: unknown) => {
    const record = value as Record<string, unknown>;
    const present = keys.filter((key) => record[key] !== undefined);
    return `{${present.map((key) => `${JSON.stringify(key)}:${JSON.stringify(record[key])}`).join(',')}}`;
  });
}

describe('listBody (decision 069)', () => {
  it('copies the cards’ texts in place of the empty items, serialising the rest once', () => {
    const serialize = inOrder(['items', 'pagination', 'title']);
    const page = { items: [], pagination, title: 'Tours' };
    const body = listBody(serialize, page, cardBodies);
    expect(JSON.parse(body.toString('utf8'))).toEqual({ items: cards, pagination, title: 'Tours' });
    expect(serialize).toHaveBeenCalledTimes(1);
    expect(serialize.mock.calls[0]![0]).toMatchObject({ items: [] });
  });

  it('writes an empty page as an empty list', () => {
    const page = { items: [], pagination };
    const body = listBody(inOrder(['items', 'pagination']), page, []);
    expect(JSON.parse(body.toString('utf8'))).toEqual({ items: [], pagination });
  });

  it('serialises the cards as objects when the schema does not put items first', () => {
    const serialize = inOrder(['title', 'items', 'pagination']);
    // A value holding the very text searched for must not be mistaken for the opening.
    const title = '{"items":[]';
    const page = { items: [], pagination, title };
    const body = listBody(serialize, page, cardBodies);
    expect(JSON.parse(body.toString('utf8'))).toEqual({ items: cards, pagination, title });
    expect(serialize).toHaveBeenCalledTimes(2);
  });

  it('serialises a body whose cards are objects as it is', () => {
    const serialize = inOrder(['items', 'pagination']);
    const page = { items: cards, pagination };
    const body = listBody(serialize, page);
    expect(JSON.parse(body.toString('utf8'))).toEqual({ items: cards, pagination });
    expect(serialize).toHaveBeenCalledTimes(1);
  });
});
