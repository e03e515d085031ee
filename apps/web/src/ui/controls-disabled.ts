import { createContext } from 'react';

/**
 * True while every control must be disabled (the global loading flag:
 * docs/product/ui-layer.md#global-loading-flag). The app
 * provides it from its loading store; the design system only reads it.
 */
export const ControlsDisabledContext = createContext(false);
