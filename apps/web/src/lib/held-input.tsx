/**
 * Taps on a part of the page whose code has not arrived yet (decision 041's deferred parts: the
 * search page's filters and sort). The server's HTML is there and the browser would act on it (a
 * checkbox ticks), but React is not attached to that part yet, so the filter would never change:
 * the page would show a ticked box and unfiltered results. Until the part has hydrated, a click
 * inside it is held instead (the browser's own action cancelled) and the last one is replayed on
 * the same element once the part has hydrated (React hydrates in place: the element is the one
 * tapped). Keyboard activation (Space, Enter) arrives as a click too.
 */

import { useEffect, type ComponentType } from 'react';

/** Part root selector → the last element clicked inside it while waiting. */
const held = new Map<string, Element | undefined>();
const listening = new WeakSet<Document>();

function holdClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  for (const selector of held.keys()) {
    if (!target.closest(selector)) continue;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.set(selector, target);
    return;
  }
}

/** Holds clicks inside `selector` until {@link releaseHeldInput} (browser only). */
export function holdInputUntilHydrated(selector: string, doc: Document = document): void {
  if (!held.has(selector)) held.set(selector, undefined);
  if (listening.has(doc)) return;
  listening.add(doc);
  // Capture on the document: before React's own listeners on its root container.
  doc.addEventListener('click', holdClick, true);
}

/** The part has hydrated: stop holding, and replay the last held click, if any. */
export function releaseHeldInput(selector: string): void {
  if (!held.has(selector)) return;
  const target = held.get(selector);
  held.delete(selector);
  if (target instanceof HTMLElement && target.isConnected) target.click();
}

/** Releases `selector` once the boundary it renders in has hydrated (its effects run then). */
function ReleaseHeldInput({ selector }: { selector: string }) {
  useEffect(() => releaseHeldInput(selector), [selector]);
  return null;
}

/**
 * `Component` as a deferred part whose held clicks are replayed once it has hydrated: it renders
 * the same HTML (the release renders nothing), so the server's markup hydrates unchanged.
 */
export function releasingHeldInput<P extends object>(
  Component: ComponentType<P>,
  selector: string,
): ComponentType<P> {
  function ReleasingHeldInput(props: P) {
    return (
      <>
        <Component {...props} />
        <ReleaseHeldInput selector={selector} />
      </>
    );
  }
  return ReleasingHeldInput;
}
