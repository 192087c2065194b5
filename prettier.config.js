export { default } from '@gallop/lint-config/prettier';
