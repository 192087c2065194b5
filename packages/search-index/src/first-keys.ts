/**
 * Selecting the head of an order without sorting everything: the first page of a price sort, the
 * organizer facet's top (decision 043), the price ladder's page (decision 049).
 */

/**
 * The `count` smallest keys in ascending order (the largest in descending order, when
 * `descending`), in one pass with a bounded heap: O(n log count) instead of sorting all n keys.
 * Keys are distinct (each holds a tour id), so the result is exactly the sorted order's head.
 */
export function firstKeys(keys: Float64Array, count: number, descending: boolean): Float64Array {
  // A max-heap of the best `count` keys so far; descending orders work on negated keys.
  const sign = descending ? -1 : 1;
  const heap = new Float64Array(count);
  let size = 0;
  for (let i = 0; i < keys.length; i += 1) {
    const key = sign * keys[i]!;
    if (size < count) {
      let child = size;
      size += 1;
      while (child > 0) {
        const parent = (child - 1) >> 1;
        if (heap[parent]! >= key) break;
        heap[child] = heap[parent]!;
        child = parent;
      }
      heap[child] = key;
    } else if (key < heap[0]!) {
      let parent = 0;
      for (;;) {
        const left = 2 * parent + 1;
        if (left >= size) break;
        const right = left + 1;
        const larger = right < size && heap[right]! > heap[left]! ? right : left;
        if (heap[larger]! <= key) break;
        heap[parent] = heap[larger]!;
        parent = larger;
      }
      heap[parent] = key;
    }
  }
  heap.sort();
  if (descending) for (let i = 0; i < size; i += 1) heap[i] = -heap[i]!;
  return heap;
}
