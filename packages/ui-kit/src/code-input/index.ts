export { CODE_INPUT_LENGTH, CodeInput } from './code-input';
export type { CodeInputProps } from './code-input';
