export { FILTER_LIMITS, clamp, normalizeMinAge, normalizePage } from './limits';
