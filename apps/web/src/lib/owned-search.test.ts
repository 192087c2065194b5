import { describe, expect, it } from 'vitest';
import { ownedSearch } from './owned-search';

describe('ownedSearch', () => {
  const validate = ownedSearch(['page'], ({ page }: Record<string, unknown>): { page?: number } =>
    typeof page === 'number' && page > 1 ? { page } : {},
  );

  it('sets a dropped key to undefined, so the raw value cannot be merged back', () => {
    const out = validate({ page: -1 });
    expect('page' in out).toBe(true);
    expect({ ...{ page: -1, utm_source: 'x' }, ...out }).toEqual({
      page: undefined,
      utm_source: 'x',
    });
  });

  it('keeps a valid value', () => {
    expect(validate({ page: 3 })).toEqual({ page: 3 });
  });
});
