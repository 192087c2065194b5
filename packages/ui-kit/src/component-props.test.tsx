// Every exported component takes `ref`, `className`, `style` and its root element's native props
// (docs/decisions/123). The table names each component's minimal props, the element its ref
// points to and its own class; a new export without a row fails the first test.
import { render, screen } from '@testing-library/react';
import { createElement, createRef, type ComponentType, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import * as kit from './index';

type Kit = typeof kit;
type ComponentName = {
  [Name in keyof Kit]: Name extends `${Uppercase<infer First>}${infer Rest}`
    ? First extends Lowercase<First>
      ? never
      : Rest extends Uppercase<Rest>
        ? never
        : Kit[Name] extends (props: never) => ReactNode
          ? Name
          : never
    : never;
}[keyof Kit];

interface Probe {
  /** The smallest props that render it (open, for the dialogs). */
  props: Record<string, unknown>;
  /** Tag name of the element `ref`, `className` and the native props land on. */
  tag: string;
  /** The component's own class, which a caller's `className` must not replace. */
  ownClass: string;
  /**
   * Role of the element `aria-describedby` describes when the component (or react-aria) routes
   * the labelling props past the root to the focusable part (a select's button, a phone number's
   * input); else the root.
   */
  describes?: string;
  /** Why `aria-describedby` reaches no element (react-aria drops it). */
  undescribed?: string;
  /** Puts the page in the state where the component shows (it renders nothing otherwise). */
  arrange?: () => void;
  /** Renders it inside a provider it needs (a Form around a Field). */
  wrap?: (children: ReactNode) => ReactNode;
}

/** Context providers render their children only: no element of their own to take the props. */
const PROVIDERS = ['LocaleProvider', 'ModalWidthProvider', 'ToastProvider'] as const;

const photo = { image: 'https://cdn.example/{{size}}/a.jpg', alt: 'A horse' };
const noop = () => {};
const inForm = (children: ReactNode) => createElement(kit.Form, { onSubmit: noop, children });

const PROBES: Record<Exclude<ComponentName, (typeof PROVIDERS)[number]>, Probe> = {
  Button: { props: { children: 'Book' }, tag: 'BUTTON', ownClass: 'gk-button' },
  Spinner: { props: {}, tag: 'SPAN', ownClass: 'gk-spinner-status' },
  Select: {
    props: { label: 'Zone', items: [] },
    tag: 'DIV',
    ownClass: 'gk-select',
    describes: 'button',
  },
  Tabs: {
    props: { label: 'Tour', items: [{ id: 'a', title: 'A', content: 'a' }] },
    tag: 'DIV',
    ownClass: 'gk-tabs',
    undescribed: 'react-aria filters it from Tabs and TabList',
  },
  Collapse: { props: { title: 'More', children: 'text' }, tag: 'DIV', ownClass: 'gk-collapse' },
  Breadcrumbs: {
    props: { items: [{ url: '/', text: 'Home' }] },
    tag: 'NAV',
    ownClass: 'gk-breadcrumbs',
  },
  Rating: { props: { label: 'Rate' }, tag: 'DIV', ownClass: 'gk-rating' },
  RatingIndicator: { props: {}, tag: 'SPAN', ownClass: 'gk-rating-indicator' },
  Pagination: {
    props: { page: 1, pageCount: 3, onPageChange: noop },
    tag: 'NAV',
    ownClass: 'gk-pagination',
  },
  TruncateText: { props: { children: 'text' }, tag: 'DIV', ownClass: 'gk-truncate' },
  ScrollSpy: {
    props: { items: [{ name: 'A', anchor: 'a' }] },
    tag: 'NAV',
    ownClass: 'gk-scroll-spy',
  },
  Sheet: {
    props: { isOpen: true, onClose: noop, title: 'Filters' },
    tag: 'SECTION',
    ownClass: 'gk-sheet__dialog',
  },
  Modal: {
    props: { isOpen: true, onClose: noop, title: 'Hi' },
    tag: 'SECTION',
    ownClass: 'gk-modal__dialog',
  },
  ConfirmModal: {
    props: { isOpen: true, title: 'Sure?', onConfirm: noop, onCancel: noop },
    tag: 'SECTION',
    ownClass: 'gk-modal__dialog',
  },
  CallbackRequestedModal: {
    props: { isOpen: true, onClose: noop },
    tag: 'SECTION',
    ownClass: 'gk-modal__dialog',
  },
  Dropdown: { props: { label: 'Menu', children: 'panel' }, tag: 'DIV', ownClass: 'gk-dropdown' },
  // Shows after its 200 ms throttle; findByTestId waits for it.
  TopLoadingBar: { props: { loading: true }, tag: 'DIV', ownClass: 'gk-loading-bar' },
  ScrollToTop: {
    props: {},
    tag: 'BUTTON',
    ownClass: 'gk-scroll-top',
    arrange: () => window.scrollTo(0, 2000),
  },
  CookieAlert: {
    props: { isOpen: true, onDismiss: noop },
    tag: 'SECTION',
    ownClass: 'gk-cookie-alert',
  },
  ErrorView: { props: { status: 404 }, tag: 'SECTION', ownClass: 'gk-error-view' },
  CancellationPolicy: {
    props: { title: 'Flexible', lines: ['Full refund'] },
    tag: 'SECTION',
    ownClass: 'gk-cancellation-policy',
  },
  EmptyState: { props: {}, tag: 'DIV', ownClass: 'gk-empty-state' },
  CopyToClipboard: { props: { text: 'R-1' }, tag: 'BUTTON', ownClass: 'gk-copy' },
  RiderLevelBadge: { props: { level: 'intermediate' }, tag: 'SPAN', ownClass: 'gk-rider-level' },
  RiderLevelScale: { props: {}, tag: 'OL', ownClass: 'gk-rider-level-scale' },
  GroupMeter: { props: { booked: 2, minimum: 4 }, tag: 'SPAN', ownClass: 'gk-group-meter' },
  SeasonMark: { props: { reasons: ['Rainy season'] }, tag: 'SPAN', ownClass: 'gk-season-mark' },
  HorseConditionScore: {
    props: { rating: 4.5, count: 3 },
    tag: 'P',
    ownClass: 'gk-horse-condition',
  },
  FitIndicator: { props: { verdict: 'fits' }, tag: 'P', ownClass: 'gk-fit' },
  PaceMixBar: {
    props: { walk: 50, trot: 30, canter: 15, gallop: 5 },
    tag: 'DIV',
    ownClass: 'gk-pace-mix',
  },
  HorseWelfareCard: { props: { welfare: null }, tag: 'SECTION', ownClass: 'gk-horse-welfare' },
  RideProfile: {
    props: { days: [{ day: 1, hours: 5, distanceKm: 25 }] },
    tag: 'FIGURE',
    ownClass: 'gk-ride-profile',
  },
  RiderSelfAssessment: { props: { onUseLevel: noop }, tag: 'DIV', ownClass: 'gk-self-assessment' },
  Form: { props: { onSubmit: noop, children: 'fields' }, tag: 'FORM', ownClass: 'gk-form' },
  Field: {
    props: { name: 'email', label: 'E-mail' },
    tag: 'DIV',
    ownClass: 'gk-field',
    wrap: inForm,
  },
  CodeInput: { props: { label: 'Code' }, tag: 'DIV', ownClass: 'gk-code-input' },
  Counter: {
    props: { label: 'Riders', value: 1, onChange: noop },
    tag: 'DIV',
    ownClass: 'gk-counter',
  },
  NumberInput: { props: { value: 1, onChange: noop }, tag: 'INPUT', ownClass: 'gk-number-input' },
  PhoneInput: {
    props: { label: 'Phone' },
    tag: 'DIV',
    ownClass: 'gk-phone-input',
    describes: 'textbox',
  },
  Datepicker: {
    props: { value: null, onChange: noop },
    tag: 'BUTTON',
    ownClass: 'gk-datepicker__trigger',
  },
  Slider: {
    props: { label: 'Price', value: 10, onChange: noop },
    tag: 'DIV',
    ownClass: 'gk-slider',
    describes: 'slider',
  },
  CityAutocomplete: {
    props: { searchCities: () => Promise.resolve([]) },
    tag: 'DIV',
    ownClass: 'gk-city-autocomplete',
    describes: 'combobox',
  },
  TermsCheckbox: {
    props: { name: 'terms', termsUrl: '/terms', privacyUrl: '/privacy' },
    tag: 'DIV',
    ownClass: 'gk-field',
    wrap: inForm,
  },
  PhotoPreview: { props: { photos: [photo] }, tag: 'UL', ownClass: 'gk-photo-preview' },
  MediaViewer: {
    props: { items: [photo], isOpen: true, onClose: noop },
    tag: 'SECTION',
    ownClass: 'gk-media-viewer__dialog',
  },
  TileGallery: { props: { items: [photo], onOpen: noop }, tag: 'UL', ownClass: 'gk-tile-gallery' },
  MapPreloader: {
    props: { previewUrl: '/map.png', previewAlt: 'Map', loadMap: () => Promise.resolve(null) },
    tag: 'DIV',
    ownClass: 'gk-map-preloader',
  },
  VideoPlayer: {
    props: { src: '/ride.mp4', title: 'Ride' },
    tag: 'DIV',
    ownClass: 'gk-video-player',
  },
  Carousel: {
    props: { label: 'Photos', children: 'slide' },
    tag: 'SECTION',
    ownClass: 'gk-carousel',
  },
  BackgroundVideoCarousel: {
    props: { videos: [{ small: '/s.mp4', large: '/l.mp4', placeholderColor: '#000' }] },
    tag: 'DIV',
    ownClass: 'gk-bg-video',
  },
};

const components = Object.entries(kit).filter(
  ([name, value]) => /^[A-Z][a-z]/.test(name) && typeof value === 'function',
);

describe('component props (docs/decisions/123)', () => {
  afterEach(() => window.scrollTo(0, 0));

  it('has a row for every exported component', () => {
    const listed = [...Object.keys(PROBES), ...PROVIDERS].sort();
    expect(components.map(([name]) => name).sort()).toEqual(listed);
  });

  describe.each(Object.entries(PROBES))('%s', (name, probe) => {
    it('forwards ref, className, style and native props to its documented element', async () => {
      probe.arrange?.();
      const ref = createRef<HTMLElement>();
      const component = kit[name as keyof Kit] as ComponentType<Record<string, unknown>>;
      const element = createElement(component, {
        ...probe.props,
        ref,
        className: 'x',
        style: { color: 'red' },
        'data-testid': 'probe',
        'aria-describedby': 'probe-note',
      });
      render(probe.wrap ? probe.wrap(element) : element);
      const root = await screen.findByTestId('probe');
      expect(ref.current).toBe(root);
      expect(root.tagName).toBe(probe.tag);
      expect(root).toHaveClass('x', probe.ownClass);
      expect(root.style.color).toBe('red');
      if (probe.undescribed) return;
      const described = probe.describes ? screen.getByRole(probe.describes) : root;
      expect(described).toHaveAttribute('aria-describedby', expect.stringContaining('probe-note'));
    });
  });
});
