/**
 * Shows the captcha a 429 asks for and resolves to its solution (null when the visitor cancels):
 * the API client's `solveCaptcha` in the browser (lib/browser-api-client.ts), loaded with the
 * widget only when the first 429 arrives. Calls refused together wait in one dialog, one after
 * another: each needs a solution of its own (a solution lets one call through), and after the
 * visitor's click the next ones are solved without another.
 */
import { createRoot, type Root } from 'react-dom/client';
import { CaptchaChallenge, type CaptchaKind } from './captcha-challenge';

interface Demand {
  id: number;
  kind: CaptchaKind;
  resolve: (payload: string | null) => void;
}

const demands: Demand[] = [];
let ids = 0;
let solvedInThisDialog = false;
let root: { root: Root; container: HTMLElement } | undefined;

function render(): void {
  const [current] = demands;
  if (!current) {
    root?.root.unmount();
    root?.container.remove();
    root = undefined;
    solvedInThisDialog = false;
    return;
  }
  if (!root) {
    const container = document.createElement('div');
    document.body.append(container);
    root = { root: createRoot(container), container };
  }
  root.root.render(
    <CaptchaChallenge
      // A widget per demand: each fetches a challenge of its own.
      key={current.id}
      kind={current.kind}
      solveAtOnce={solvedInThisDialog}
      onSolved={(payload) => {
        demands.shift();
        solvedInThisDialog = true;
        current.resolve(payload);
        render();
      }}
      onCancel={() => {
        for (const demand of demands.splice(0)) demand.resolve(null);
        render();
      }}
    />,
  );
}

export function showCaptcha(kind: CaptchaKind): Promise<string | null> {
  return new Promise((resolve) => {
    demands.push({ id: (ids += 1), kind, resolve });
    if (demands.length === 1) render();
  });
}
