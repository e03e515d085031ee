import { newId } from '@/lib/new-id';
import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import {
  addHighlight,
  applyHighlights,
  highlightIdAt,
  loadHighlights,
  saveHighlights,
  selectionOffsets,
  storageKey,
  type Highlight,
} from './highlighter';

/** Highlights of one story: drawn in the article, kept in localStorage, removed by clicking a mark. */
export function useHighlights(
  article: RefObject<HTMLElement | null>,
  storyId: string,
  accountId: string | null,
  html: string | undefined,
) {
  const key = storageKey(storyId, accountId);
  const [highlights, setHighlights] = useState<Highlight[]>(() => loadHighlights(key));
  const [hasSelection, setHasSelection] = useState(false);

  useEffect(() => {
    setHighlights(loadHighlights(key));
  }, [key]);

  useLayoutEffect(() => {
    if (article.current && html !== undefined) applyHighlights(article.current, highlights);
  }, [article, highlights, html]);

  const update = useCallback(
    (next: Highlight[]) => {
      setHighlights(next);
      saveHighlights(key, next);
    },
    [key],
  );

  useEffect(() => {
    const onSelectionChange = () => {
      const selection = document.getSelection();
      const root = article.current;
      setHasSelection(
        Boolean(root && selection && selection.rangeCount > 0 && selectionOffsets(root, selection.getRangeAt(0))),
      );
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [article]);

  useEffect(() => {
    const root = article.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const id = highlightIdAt(event.target);
      if (id) update(highlights.filter((h) => h.id !== id));
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [article, highlights, update, html]);

  const highlightSelection = useCallback(() => {
    const root = article.current;
    const selection = document.getSelection();
    if (!root || !selection || selection.rangeCount === 0) return false;
    const offsets = selectionOffsets(root, selection.getRangeAt(0));
    if (!offsets) return false;
    update(addHighlight(highlights, offsets, newId(), root.textContent ?? ''));
    selection.removeAllRanges();
    setHasSelection(false);
    return true;
  }, [article, highlights, update]);

  const clear = useCallback(() => update([]), [update]);

  return { highlights, hasSelection, highlightSelection, clear };
}
