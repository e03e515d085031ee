// The trading feature's public entry: what other features may import (docs/decisions/0043).
export { Exact, ZERO, amount, fromScaled } from './money';
export type { Amount } from './money';
