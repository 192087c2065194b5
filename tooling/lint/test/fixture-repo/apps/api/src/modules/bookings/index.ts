export { STATUS } from './records.ts';
