import { useEffect, useState, type RefObject } from 'react';

/** How far the reader is through the element, 0–100. */
export function readingProgress(rect: { top: number; height: number }, viewportHeight: number): number {
  const scrollable = rect.height - viewportHeight;
  if (scrollable <= 0) return rect.top <= viewportHeight ? 100 : 0;
  const ratio = -rect.top / scrollable;
  return Math.round(Math.min(1, Math.max(0, ratio)) * 100);
}

/** A reading-progress bar fixed under the header (role="progressbar", aria-valuenow). */
/** `content` changes when the target's content arrives, so the bar is measured again. */
export function ReadingProgress({ target, content }: { target: RefObject<HTMLElement | null>; content?: unknown }) {
  const [value, setValue] = useState(0);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const element = target.current;
      if (element) setValue(readingProgress(element.getBoundingClientRect(), window.innerHeight));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    if (target.current) observer?.observe(target.current);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [target, content]);

  return (
    <div
      role="progressbar"
      aria-label="Reading progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="fixed inset-x-0 top-16 z-30 h-1 bg-surface-2"
    >
      <div
        className="h-full origin-left bg-accent transition-transform duration-150"
        style={{ transform: `scaleX(${value / 100})` }}
      />
    </div>
  );
}
