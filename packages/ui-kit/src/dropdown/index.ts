export {
  DROPDOWN_CLOSE_DELAY,
  DROPDOWN_OFFSET,
  DROPDOWN_SELECT_OFFSET,
  DROPDOWN_THROTTLE,
} from './constants';
export { Dropdown } from './dropdown';
export type { DropdownProps } from './dropdown';
