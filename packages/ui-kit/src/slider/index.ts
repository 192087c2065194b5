export { SLIDER_CLICK_ANIMATION_MS, SLIDER_DEFAULTS, Slider } from './slider';
export type { SliderProps, SliderValue } from './slider';
