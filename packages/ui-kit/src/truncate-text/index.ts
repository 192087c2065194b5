export {
  TRUNCATE_TEXT_DURATION,
  TRUNCATE_TEXT_HEIGHT,
  TRUNCATE_TEXT_THRESHOLD,
  TruncateText,
} from './truncate-text';
export type { TruncateTextProps } from './truncate-text';
