export { Select, groupSelectItems } from './select';
export type { SelectItem, SelectProps } from './select';
