/**
 * The seeded generator of the demo catalogue, the fuzz tests and the benchmarks: the same one
 * the search index's random catalogues use, so one implementation serves both.
 */
export { Random } from '@gallop/search-index/testing';
