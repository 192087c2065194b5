/**
 * The captcha module: ALTCHA challenges for rate-limited calls.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { createAltcha, type Altcha, type Difficulty } from './altcha.ts';
export { captchaHandlers } from './handlers.ts';
