export { PassportFill } from './passport-fill';
