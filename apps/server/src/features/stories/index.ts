// The stories feature's public entry: what other features may import (docs/decisions/0043).
export { escapeHtml } from './markdown';
