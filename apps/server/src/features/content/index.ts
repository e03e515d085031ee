// The content feature's public entry: what other features may import (docs/decisions/0043).
export { contentDisposition } from './disposition';
export { permanentUrls } from './file-links';
export { signContentUrl } from './signed-url';
