import DOMPurify, { type Config } from 'dompurify';
import { SANITIZE_STRICT_TAGS } from '@tp/shared';

/**
 * HTML sanitizer presets (docs/product/ui-layer.md#sanitizer-presets). strict: basic text tags
 * only; moderate: also images, links
 * and lists; permissive: forbids only script. Every preset removes event-handler attributes.
 * Non-string or empty input gives "". Import only from lazily loaded code (DOMPurify is ~8 KB).
 */
export type SanitizePreset = 'strict' | 'moderate' | 'permissive';

const TEXT_TAGS: string[] = [...SANITIZE_STRICT_TAGS];

export const SANITIZE_PRESETS: Record<SanitizePreset, Config> = {
  strict: { ALLOWED_TAGS: TEXT_TAGS, ALLOWED_ATTR: [] },
  moderate: {
    ALLOWED_TAGS: [...TEXT_TAGS, 'a', 'img', 'ul', 'ol', 'li', 'blockquote'],
    ALLOWED_ATTR: ['href', 'title', 'src', 'alt', 'width', 'height'],
  },
  permissive: { FORBID_TAGS: ['script'] },
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

function instance(): ReturnType<typeof DOMPurify> {
  if (!purifier) {
    purifier = DOMPurify(window);
    // belt and braces: DOMPurify already drops on* attributes, and no preset may let one through
    purifier.addHook('uponSanitizeAttribute', (_node, data) => {
      if (/^on/i.test(data.attrName)) data.keepAttr = false;
    });
  }
  return purifier;
}

export function sanitizeHtml(input: unknown, preset: SanitizePreset = 'strict'): string {
  if (typeof input !== 'string' || input.length === 0) return '';
  return instance().sanitize(input, { ...SANITIZE_PRESETS[preset], RETURN_TRUSTED_TYPE: false }) as string;
}
