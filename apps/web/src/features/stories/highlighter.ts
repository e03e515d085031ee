/**
 * Reader highlights: character ranges of an article's text, kept in localStorage and drawn as
 * <mark> elements. Offsets count characters of the article's text, which the HTML fixes.
 */

export interface Highlight {
  id: string;
  start: number;
  end: number;
  text: string;
}

const MARK_ATTR = 'data-highlight';

export function storageKey(storyId: string, accountId: string | null): string {
  return `tp.highlights.${accountId ?? 'local'}.${storyId}`;
}

export function loadHighlights(key: string): Highlight[] {
  try {
    const raw = localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (h): h is Highlight =>
        typeof h === 'object' &&
        h !== null &&
        typeof h.id === 'string' &&
        Number.isInteger(h.start) &&
        Number.isInteger(h.end) &&
        h.end > h.start &&
        typeof h.text === 'string',
    );
  } catch {
    return [];
  }
}

export function saveHighlights(key: string, highlights: Highlight[]): void {
  try {
    if (highlights.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(highlights));
  } catch {
    /* storage full or blocked: highlights stay for this visit only */
  }
}

/** The selection as offsets in root's text, or null when it is empty or not inside root. */
export function selectionOffsets(root: HTMLElement, range: Range): { start: number; end: number; text: string } | null {
  if (range.collapsed || !root.contains(range.commonAncestorContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(root);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  const text = range.toString();
  if (!text.trim()) return null;
  return { start, end: start + text.length, text };
}

export function clearMarks(root: HTMLElement): void {
  for (const mark of Array.from(root.querySelectorAll(`mark[${MARK_ATTR}]`))) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parent.normalize();
  }
}

function wrapRange(root: HTMLElement, highlight: Highlight): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parts: { node: Text; from: number; to: number }[] = [];
  let offset = 0;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const length = node.data.length;
    const from = Math.max(highlight.start, offset);
    const to = Math.min(highlight.end, offset + length);
    if (from < to) parts.push({ node, from: from - offset, to: to - offset });
    offset += length;
    if (offset >= highlight.end) break;
  }
  for (const { node, from, to } of parts) {
    if (!node.data.slice(from, to).trim()) continue;
    const target = node.splitText(from);
    target.splitText(to - from);
    const mark = document.createElement('mark');
    mark.setAttribute(MARK_ATTR, highlight.id);
    mark.title = 'Highlighted passage (click to remove)';
    target.parentNode!.insertBefore(mark, target);
    mark.appendChild(target);
  }
}

/** Draws the highlights (replacing any drawn before). */
export function applyHighlights(root: HTMLElement, highlights: Highlight[]): void {
  clearMarks(root);
  for (const highlight of highlights) wrapRange(root, highlight);
}

export function highlightIdAt(target: EventTarget | null): string | null {
  return target instanceof Element ? (target.closest(`mark[${MARK_ATTR}]`)?.getAttribute(MARK_ATTR) ?? null) : null;
}

/** Adds a range, merging it with any highlight it overlaps. */
export function addHighlight(
  highlights: Highlight[],
  next: Omit<Highlight, 'id'>,
  id: string,
  fullText: string,
): Highlight[] {
  let { start, end } = next;
  const kept: Highlight[] = [];
  for (const h of highlights) {
    if (h.end < start || h.start > end) kept.push(h);
    else {
      start = Math.min(start, h.start);
      end = Math.max(end, h.end);
    }
  }
  return [...kept, { id, start, end, text: fullText.slice(start, end) }].sort((a, b) => a.start - b.start);
}
