import { useState } from 'react';
import { failureText } from './failure-text';

/**
 * The state of a form that sends something once: `sending` while the call runs, the failure's
 * text (and the error itself, for forms that show field errors) when it fails, `done` once it
 * succeeded (with what the call answered).
 */
export function useSend<Result>() {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState<{ result: Result } | undefined>();

  async function send(call: () => Promise<Result>) {
    setSending(true);
    setFailure(undefined);
    setError(undefined);
    try {
      setDone({ result: await call() });
    } catch (caught) {
      setFailure(failureText(caught));
      setError(caught);
    } finally {
      setSending(false);
    }
  }

  function reset() {
    setDone(undefined);
    setFailure(undefined);
    setError(undefined);
  }

  return { sending, failure, error, done, send, reset };
}
