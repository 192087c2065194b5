import { useState } from 'react';
import { failureText } from './failure-text';

/**
 * The state of a form that sends something once: `sending` while the call runs, the failure's
 * text when it fails, `done` once it succeeded (with what the call answered).
 */
export function useSend<Result>() {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [done, setDone] = useState<{ result: Result } | undefined>();

  async function send(call: () => Promise<Result>) {
    setSending(true);
    setFailure(undefined);
    try {
      setDone({ result: await call() });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  }

  function reset() {
    setDone(undefined);
    setFailure(undefined);
  }

  return { sending, failure, done, send, reset };
}
