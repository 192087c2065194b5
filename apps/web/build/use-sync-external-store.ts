// `use-sync-external-store/shim` for React 18+: React's own hook. The shim package bundles a
// fallback implementation for React 16/17 that this app never runs (about 0.4 kB gzip in the
// first load); vite.config.ts points the shim's imports here.
export { useSyncExternalStore } from 'react';
