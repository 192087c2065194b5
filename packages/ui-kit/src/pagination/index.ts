export {
  PAGINATION_AROUND_CURRENT,
  PAGINATION_LABELS,
  PAGINATION_MAX_SLOTS,
  Pagination,
  paginationRange,
} from './pagination';
export type { PaginationLabels, PaginationProps, PaginationSlot } from './pagination';
