// The market feature's public entry: what other features may import (docs/decisions/0043).
export { findInstrument, formatPrice, formatQuantity, parseScaled } from './instruments';
export type { InstrumentSpec } from './instruments';
export { MAX_SNAPSHOT_SECONDS } from './market-provider';
export type { MarketProvider, MarketSnapshot } from './market-provider';
