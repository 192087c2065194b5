export { CancellationPolicy } from './cancellation-policy';
export type { CancellationPolicyProps } from './cancellation-policy';
