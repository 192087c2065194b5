import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * Starts the shell's browser-side rules (`../../start-shell-effects.ts`) once the page has
 * hydrated. Renders nothing.
 */
export function ShellEffects() {
  const router = useRouter();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('../../start-shell-effects').then(({ startShellEffects }) => {
      if (!stopped) stop = startShellEffects(router);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [router]);
  return null;
}
