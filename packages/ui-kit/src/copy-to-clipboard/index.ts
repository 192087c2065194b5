export { COPIED_FLAG_DURATION, CopyToClipboard } from './copy-to-clipboard';
export type { CopyToClipboardProps } from './copy-to-clipboard';
