import type { ReactNode } from 'react';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * A search snippet as React nodes: the server HTML-escapes everything and marks matched words with
 * <mark>; those marks become <mark> elements and the rest stays text (no HTML is injected).
 */
export function renderSnippet(snippet: string): ReactNode[] {
  return snippet.split(/<mark>(.*?)<\/mark>/g).map((part, index) =>
    index % 2 === 1 ? (
      <mark key={index} className="rounded-sm bg-warning/30 px-0.5 text-fg">
        {decode(part)}
      </mark>
    ) : (
      decode(part)
    ),
  );
}
