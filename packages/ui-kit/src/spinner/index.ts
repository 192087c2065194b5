export { SPINNER_SIZE, Spinner } from './spinner';
export type { SpinnerProps } from './spinner';
