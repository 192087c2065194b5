/**
 * The operations module: health, readiness and the secrets shared with other services.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { operationsHandlers } from './handlers.ts';
export { registerOperationsRoutes } from './routes.ts';
export {
  DEV_CALL_SECRET,
  DEV_VERIFICATION_SECRET,
  internalSecretsAtStart,
  resolveSharedSecrets,
  sharedSecret,
} from './server-secrets.ts';
