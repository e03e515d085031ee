import { createContext } from 'react';

/**
 * True while every control must be disabled (spec 02 §4: the global loading flag). The app
 * provides it from its loading store; the design system only reads it.
 */
export const ControlsDisabledContext = createContext(false);
