export { Counter } from './counter';
export type { CounterProps } from './counter';
export { NumberInput, clamp, parseNumber } from './number-input';
export type { NumberInputProps } from './number-input';
