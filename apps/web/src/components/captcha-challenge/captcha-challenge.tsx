/**
 * The challenge a rate limit's 429 asks for (decision 094): the ALTCHA widget (proof of work,
 * solved by the browser after one click) in a modal. Loaded only when a 429 arrives
 * (`show-captcha.tsx`): the widget is about 35 kB and never part of the first load.
 *
 * Under the page's CSP (server/security-headers.ts) the widget's default bundle works as it is:
 * it solves in web workers made from `blob:` URLs (`worker-src 'self' blob:`) and injects one
 * `<style>` element (`style-src 'unsafe-inline'`); the challenge comes from this origin
 * (`connect-src 'self'`), and its chunk is loaded by a nonced script ('strict-dynamic').
 */
import 'altcha';
import type {} from 'altcha/types/react';
import { Button, Modal } from '@gallop/ui-kit';
import { useEffect, useRef } from 'react';
import './captcha-challenge.css';

export type CaptchaKind = 'captcha' | 'hard_captcha';

/** Where the widget gets its challenge: the API's, through this origin (`/node-api`). */
const challengeUrl = (kind: CaptchaKind) => `/node-api/captcha/challenge?level=${kind}`;

export interface CaptchaChallengeProps {
  kind: CaptchaKind;
  /**
   * Solve without the click: the visitor already solved one in this dialog and more calls wait
   * (each needs a solution of its own).
   */
  solveAtOnce?: boolean;
  /** The widget's payload, to send in `X-Captcha`. */
  onSolved: (payload: string) => void;
  onCancel: () => void;
}

export function CaptchaChallenge({
  kind,
  solveAtOnce = false,
  onSolved,
  onCancel,
}: CaptchaChallengeProps) {
  const widget = useRef<HTMLElement>(null);
  const solved = useRef(onSolved);
  solved.current = onSolved;

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const verified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) solved.current(payload);
    };
    element.addEventListener('verified', verified);
    return () => element.removeEventListener('verified', verified);
  }, []);

  return (
    <Modal
      isOpen
      onClose={onCancel}
      persistent
      title="Confirm you are not a robot"
      footer={
        <Button theme="ghost" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <div className="captcha-challenge">
        <p>
          {kind === 'hard_captcha'
            ? 'Many requests came from this device. Tick the box: your browser then works on a puzzle for a few seconds, and what you sent goes through.'
            : 'Many requests came from this device. Tick the box: your browser solves a small puzzle, and what you sent goes through.'}
        </p>
        <altcha-widget
          ref={widget}
          challenge={challengeUrl(kind)}
          auto={solveAtOnce ? 'onload' : 'off'}
          name="captcha"
        />
      </div>
    </Modal>
  );
}
