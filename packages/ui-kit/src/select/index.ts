export { SELECT_SEARCH_TEXTS, Select, groupSelectItems } from './select';
export type { SelectItem, SelectProps } from './select';
