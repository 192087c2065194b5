// Public API of @gallop/ui-kit: explicit named exports, one block per component folder.
// Add your component's lines in its own block; keep the file free of logic.

// Design foundations
export {
  breakpoints,
  colors,
  durations,
  fontSizes,
  mediaUp,
  radii,
  shadows,
  space,
} from './tokens';
export type { Breakpoint } from './tokens';

// Layout and basics
export { Button, buttonClassName, DEFAULT_BUTTON_THEME } from './button';
export type { ButtonFlush, ButtonLook, ButtonProps, ButtonSize, ButtonTheme } from './button';
export { SPINNER_SIZE, Spinner } from './spinner';
export type { SpinnerProps } from './spinner';
export { SELECT_SEARCH_TEXTS, Select, groupSelectItems } from './select';
export type { SelectItem, SelectProps } from './select';
export { Tabs } from './tabs';
export type { TabItem, TabsProps } from './tabs';
export { COLLAPSE_DURATION, Collapse } from './collapse';
export type { CollapseProps } from './collapse';
export { Breadcrumbs } from './breadcrumbs';
export type { BreadcrumbItem, BreadcrumbsProps } from './breadcrumbs';
export { RATING_INDICATOR_DEFAULT, RATING_LABELS, Rating, RatingIndicator } from './rating';
export type { RatingIndicatorProps, RatingProps } from './rating';
export {
  PAGINATION_AROUND_CURRENT,
  PAGINATION_LABELS,
  PAGINATION_MAX_SLOTS,
  Pagination,
  paginationRange,
} from './pagination';
export type { PaginationLabels, PaginationProps, PaginationSlot } from './pagination';
export {
  TRUNCATE_TEXT_DURATION,
  TRUNCATE_TEXT_HEIGHT,
  TRUNCATE_TEXT_THRESHOLD,
  TruncateText,
} from './truncate-text';
export type { TruncateTextProps } from './truncate-text';
export {
  SCROLL_SPY_DURATION,
  SCROLL_SPY_MAX_DURATION,
  SCROLL_SPY_THROTTLE,
  ScrollSpy,
  activeAnchor,
  animateScroll,
} from './scroll-spy';
export type { ScrollSpyItem, ScrollSpyProps } from './scroll-spy';
export { SHEET_SCROLL_THROTTLE, Sheet } from './sheet';
export type { SheetProps } from './sheet';

// Overlays
export {
  MODAL_FLASH_DURATION,
  MODAL_TRANSITION,
  MODAL_WIDTH,
  Modal,
  ModalWidthProvider,
} from './modal';
export { LocaleProvider } from './locale-provider';
export type { LocaleProviderProps } from './locale-provider';
export type { ModalProps } from './modal';
export { CONFIRM_MODAL_WIDTH, ConfirmModal } from './confirm-modal';
export type { ConfirmModalProps } from './confirm-modal';
export {
  CALLBACK_MODAL_DEFAULT_TEXTS,
  CALLBACK_MODAL_WIDTH,
  CallbackRequestedModal,
  callbackRequestedText,
} from './callback-requested-modal';
export type { CallbackRequestedModalProps } from './callback-requested-modal';
export {
  DROPDOWN_CLOSE_DELAY,
  DROPDOWN_OFFSET,
  DROPDOWN_SELECT_OFFSET,
  DROPDOWN_THROTTLE,
  Dropdown,
} from './dropdown';
export type { DropdownProps } from './dropdown';
export {
  MAX_TIMER_DELAY,
  TOAST_DURATION,
  TOAST_TYPES,
  timerDelay,
  ToastProvider,
  useToast,
} from './toast';
export type { ToastApi, ToastOptions, ToastProviderProps, ToastType } from './toast';

// Page pieces
export { TOP_LOADING_BAR, TopLoadingBar } from './top-loading-bar';
export type { TopLoadingBarPhase, TopLoadingBarProps } from './top-loading-bar';
export {
  SCROLL_ANIMATION,
  SCROLL_TO_TOP_OFFSET,
  SCROLL_TO_TOP_THROTTLE,
  ScrollToTop,
  scrollAnimationDuration,
} from './scroll-to-top';
export type { ScrollToTopProps } from './scroll-to-top';
export { COOKIE_ALERT_DAYS, CookieAlert } from './cookie-alert';
export type { CookieAlertProps } from './cookie-alert';
export { ERROR_VIEW_TEXTS, ErrorView, errorViewTexts } from './error-view';
export type { ErrorContact, ErrorViewProps, ErrorViewTexts } from './error-view';
export { CancellationPolicy } from './cancellation-policy';
export type { CancellationPolicyProps } from './cancellation-policy';
export { EMPTY_STATE_TEXTS, EmptyState } from './empty-state';
export type { EmptyStateProps, EmptyStateVariant } from './empty-state';
export { COPIED_FLAG_DURATION, CopyToClipboard } from './copy-to-clipboard';
export type { CopyToClipboardProps } from './copy-to-clipboard';

// Rider fit (issue 46): levels, the fit verdict, a tour's pace mix, the self-assessment
export { RIDER_LEVEL_TEXTS, RiderLevelBadge, RiderLevelScale } from './rider-level';
export type {
  RiderLevelBadgeProps,
  RiderLevelScaleProps,
  RiderLevelSize,
  RiderLevelTexts,
} from './rider-level';
export { decisionText, formatDecisionDay, GroupMeter, groupMeterText } from './group-meter';
export type { GroupMeterProps } from './group-meter';
export { SeasonMark } from './season-mark';
export type { SeasonMarkProps } from './season-mark';
export {
  HORSE_CONDITION_LABELS,
  HorseConditionScore,
  horseConditionCountText,
} from './horse-condition';
export type { HorseConditionScoreProps } from './horse-condition';
export { FIT_INDICATOR_ADD_PASSPORT, FitIndicator } from './fit-indicator';
export type { FitIndicatorProps } from './fit-indicator';
export { PACE_LABELS, PACES, PaceMixBar, paceMixName } from './pace-mix';
export type { Pace, PaceMixBarProps, PaceShare } from './pace-mix';

// Horse welfare (issue 47): how a tour's or an organizer's horses are kept
export {
  HORSE_RETIREMENT_LABELS,
  HORSE_TURNOUT_LABELS,
  HORSE_WELFARE_NOT_STATED,
  HorseWelfareCard,
  horseWelfareItems,
} from './horse-welfare-card';
export type {
  HorseRetirement,
  HorseTurnout,
  HorseWelfareCardProps,
  HorseWelfareFacts,
  HorseWelfareItem,
  HorseWelfareTopic,
} from './horse-welfare-card';
export {
  distanceIn,
  formatAmount,
  formatClimb,
  formatDistance,
  RideProfile,
  rideProfileDayName,
  rideProfileSummary,
  ridingDayLine,
} from './ride-profile';
export type {
  RideProfileDay,
  RideProfileProps,
  RideProfileSummary,
  RideProfileUnits,
} from './ride-profile';
export {
  RIDER_SELF_ASSESSMENT_TEXTS,
  RiderSelfAssessment,
  SELF_ASSESSMENT_PACES,
} from './rider-self-assessment';
export type {
  RiderSelfAssessmentProps,
  RiderSelfAssessmentTexts,
  SelfAssessmentQuestionTexts,
} from './rider-self-assessment';

// Forms
export {
  FALLBACK_RULE_MESSAGE,
  Field,
  FIELD_MODES,
  Form,
  isEmail,
  isEmptyValue,
  isPhone,
  isUrl,
  parseRules,
  PHONE_RULE_MIN_DIGITS,
  RULE_MESSAGES,
  useFormFields,
  validateValue,
} from './form';
export type {
  FieldControlProps,
  FieldMode,
  FieldProps,
  FormFields,
  FormProps,
  FormValues,
  RuleFunction,
  RuleMessages,
  RuleName,
  Rules,
  RulesObject,
  ValidateOptions,
} from './form';
export { CODE_INPUT_LENGTH, CodeInput } from './code-input';
export type { CodeInputProps } from './code-input';
export { clamp, Counter, NumberInput, parseNumber } from './number-input';
export type { CounterProps, NumberInputProps } from './number-input';
export {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_LOCALE,
  detectPhoneCountry,
  filterPhoneCountries,
  formatPhone,
  isValidPhone,
  PHONE_COUNTRY_DROPDOWN_MIN_WIDTH,
  PHONE_FLAGS_PATH,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_INPUT_TEXTS,
  phoneCountriesFor,
  phoneFlagUrl,
  PhoneInput,
  phoneValue,
  sanitizePhone,
} from './phone-input';
export type { PhoneCountry, PhoneInputProps, PhoneInputTexts } from './phone-input';
export {
  CALENDAR_DATE_FORMAT,
  CALENDAR_DAYS_PER_WEEK,
  CALENDAR_LABELS,
  CALENDAR_WEEKS,
  DATEPICKER_POPOVER_QUERY,
  Datepicker,
  MONDAY_FIRST_LOCALES,
  monthGrid,
  parseBound,
  weekStartFor,
} from './datepicker';
export type {
  CalendarLabels,
  DatepickerBaseProps,
  DatepickerProps,
  DateRangeValue,
} from './datepicker';
export {
  Slider,
  SLIDER_CLICK_ANIMATION_MS,
  SLIDER_DEFAULTS,
  SLIDER_KEYBOARD_END_DELAY_MS,
} from './slider';
export type { SliderProps, SliderValue } from './slider';
export {
  CITY_AUTOCOMPLETE_LIMIT,
  CITY_AUTOCOMPLETE_TEXTS,
  CITY_SEARCH_DEBOUNCE_MS,
  CityAutocomplete,
} from './city-autocomplete';
export type { City, CityAutocompleteProps, CityAutocompleteTexts } from './city-autocomplete';
export { TERMS_CHECKBOX_TEXTS, TermsCheckbox } from './terms-checkbox';
export type { TermsCheckboxProps, TermsCheckboxTexts } from './terms-checkbox';

// Media
export { countText, imageUrl, isVideoItem, MEDIA_SIZE_PLACEHOLDER } from './media';
export type { MediaItem } from './media';
export {
  PHOTO_PREVIEW_LIMIT,
  PHOTO_PREVIEW_MORE_TEXT,
  PHOTO_PREVIEW_SIZES,
  PhotoPreview,
} from './photo-preview';
export type { PhotoPreviewProps } from './photo-preview';
export {
  dragOutcome,
  MEDIA_VIEWER_DOUBLE_TAP_MS,
  MEDIA_VIEWER_IMAGE_SIZE,
  MEDIA_VIEWER_SWIPE_THRESHOLD,
  MEDIA_VIEWER_TRANSITION_MS,
  MEDIA_VIEWER_ZOOM,
  MediaViewer,
  pinchZoom,
  toggleZoom,
  wrapIndex,
} from './media-viewer';
export type { MediaViewerProps } from './media-viewer';
export {
  TILE_GALLERY_GAP,
  TILE_GALLERY_IMAGE_SIZE,
  TILE_GALLERY_LIMIT,
  TileGallery,
} from './tile-gallery';
export type { TileGalleryProps } from './tile-gallery';
export { MAP_PRELOADER_TEXTS, MAP_PREVIEW_SIZE, MapPreloader } from './map-preloader';
export type { MapPreloaderProps, MapPreloaderTexts } from './map-preloader';
export { VIDEO_PLAYER_TEXTS, VIDEO_SOURCES, VideoPlayer, videoEmbed } from './video-player';
export type {
  VideoEmbed,
  VideoPlayerProps,
  VideoPlayerTexts,
  VideoSource,
  VideoState,
} from './video-player';
export {
  Carousel,
  CAROUSEL_DEFAULTS,
  isHorizontalSwipe,
  resistedOffset,
  swipeTarget,
} from './carousel';
export type { CarouselProps, CarouselSettings, SwipeEnd } from './carousel';
export { BACKGROUND_VIDEO_LARGE_FROM, BackgroundVideoCarousel } from './background-video-carousel';
export type { BackgroundVideo, BackgroundVideoCarouselProps } from './background-video-carousel';
