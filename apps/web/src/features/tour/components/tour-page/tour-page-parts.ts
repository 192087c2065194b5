import type { ComponentType } from 'react';
import { paintGate } from '../../../../lib/after-largest-paint';
import { whenNearViewport, type NearViewportWait } from '../../../../lib/after-near-viewport';
import { holdInputUntilHydrated, releasingHeldInput } from '../../../../lib/held-input';
import { lazyComponent, type LazyComponent } from '../../../../lib/lazy-component';

/*
 * The tour page's sections below its overview (decision 126), as the search page's controls
 * (decision 041): the server renders them with the page; the browser keeps that HTML and hydrates
 * them once their code arrives, which it asks for only after the page has painted its largest
 * element (or on the visitor's first input). The header, the pictures, the overview and the
 * booking box hydrate first, in the page's first pass; each section then hydrates in a pass of
 * its own, which React can interrupt, so the phone's main thread is not held by one long task
 * for the ride profile, the welfare card, the dates' season marks and the review filters.
 *
 * One chunk holds every section (one request); each section is a boundary of its own. A click
 * inside a section before it has hydrated is held and replayed on the same element once it has
 * (held-input.tsx): the section's element is its root.
 *
 * On the page the server sent, a section also waits to come within a screen or so of the window
 * before it hydrates: its HTML is already there, and one a visitor never scrolls to costs the
 * phone nothing (on a phone only the first section is that close when the page loads). A
 * navigation to a tour page in the browser renders them all at once (`preloadTourPageParts`).
 */

const gate = paintGate();

const loadSections = () => gate.wait().then(() => import('./section-contents'));

/** Sections of the server's page still waiting to come near the window. */
const nearViewportWaits = new Set<NearViewportWait>();
let rendersWhole = typeof document === 'undefined';

/** Resolves once the section at `root` is near the window (at once where it has no element). */
function nearViewport(root: string): Promise<void> {
  const element = rendersWhole ? null : document.querySelector(root);
  if (!element) return Promise.resolve();
  const wait = whenNearViewport(element);
  nearViewportWaits.add(wait);
  return wait.promise.finally(() => nearViewportWaits.delete(wait));
}

/** Stops every section's wait for the window: they load and hydrate now. */
function releaseNearViewportWaits(): void {
  rendersWhole = true;
  for (const wait of nearViewportWaits) wait.release();
}

const parts: LazyComponent<never>[] = [];

/** A section's content as a deferred part whose held clicks replay once it has hydrated. */
function sectionPart<P extends object>(
  sectionId: string,
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  // Scoped to the tour page: other pages have sections with the same ids (an organizer's reviews).
  const root = `.tour-page #${sectionId}`;
  if (typeof document !== 'undefined') holdInputUntilHydrated(root);
  const part = lazyComponent(() =>
    load().then(async (Section) => {
      await nearViewport(root);
      return releasingHeldInput(Section, root);
    }),
  );
  parts.push(part as LazyComponent<never>);
  return part;
}

export const LazyRidingSection = sectionPart('riding', () =>
  loadSections().then(({ RidingSection }) => RidingSection),
);
export const LazyPhotosSection = sectionPart('photos', () =>
  loadSections().then(({ PhotosSection }) => PhotosSection),
);
export const LazyProgrammeSection = sectionPart('programme', () =>
  loadSections().then(({ ProgrammeSection }) => ProgrammeSection),
);
export const LazyDatesSection = sectionPart('dates', () =>
  loadSections().then(({ DatesSection }) => DatesSection),
);
export const LazyOrganizerSection = sectionPart('organizer', () =>
  loadSections().then(({ OrganizerSection }) => OrganizerSection),
);
export const LazyReviewsSection = sectionPart('reviews', () =>
  loadSections().then(({ ReviewsSection }) => ReviewsSection),
);
export const LazyQuestionsSection = sectionPart('questions', () =>
  loadSections().then(({ QuestionsSection }) => QuestionsSection),
);
export const LazyRouteSection = sectionPart('route', () =>
  loadSections().then(({ RouteSection }) => RouteSection),
);

/**
 * Loads the sections now: a navigation to a tour page (the `/{slug}` loader) then renders them
 * with the rest of the page, as before.
 */
export async function preloadTourPageParts(): Promise<void> {
  gate.open();
  releaseNearViewportWaits();
  await Promise.all(parts.map((part) => part.preload()));
}
