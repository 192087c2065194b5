export {
  SLIDER_CLICK_ANIMATION_MS,
  SLIDER_DEFAULTS,
  SLIDER_KEYBOARD_END_DELAY_MS,
  Slider,
} from './slider';
export type { SliderProps, SliderValue } from './slider';
