import type { ReactNode } from 'react';
import type { Tour } from '../../api';

/**
 * The destination's weather for the tour's dates: another feature's widget, which the route
 * composes in (features do not import each other).
 */
export type TourWeatherSlot = (tour: Tour) => ReactNode;
