import { useEffect, useRef, useState, type RefObject } from 'react';
import type { IChartApi } from 'lightweight-charts';

type Charts = typeof import('lightweight-charts');

export interface ChartColors {
  background: string;
  text: string;
  grid: string;
  gain: string;
  loss: string;
  accent: string;
}

/** The theme's semantic colours (never a raw colour in a component: docs/product/ui-layer.md#colours). */
function themeColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    background: read('--tp-surface'),
    text: read('--tp-muted'),
    grid: read('--tp-border'),
    gain: read('--tp-gain'),
    loss: read('--tp-loss'),
    accent: read('--tp-accent'),
  };
}

export interface ChartSetup {
  charts: Charts;
  chart: IChartApi;
  colors: ChartColors;
  /** False once the chart is removed (a theme change redraws it): its series must not be touched then. */
  isAlive(): boolean;
}

/** How far below the screen a chart's box may be when its library starts loading. */
export const CHART_LOAD_MARGIN = '200px 0px';

/**
 * True once the element has come within CHART_LOAD_MARGIN of the screen (at once where the browser
 * cannot tell). A chart below the fold then costs nothing before the page is usable: its library is
 * the largest script of the trading screen and takes seconds to start on a slow phone.
 */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: CHART_LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * A lightweight-charts chart (docs/product/ui-layer.md#charts) that fills its box (autoSize) and follows the
 * theme: a new chart when the theme changes. The library is loaded when the chart's box comes near
 * the screen, so neither the trading screen's own chunk nor a phone's first screen waits for it; the
 * caller keeps a placeholder of the chart's size until `setup` arrives. The caller adds its series
 * once per `setup` and sets their data when it changes.
 */
export function useChart() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearScreen(ref);
  const [setup, setSetup] = useState<ChartSetup | null>(null);
  const [failed, setFailed] = useState<Error | null>(null);
  const [themeVersion, setThemeVersion] = useState(0);

  useEffect(() => {
    const observer = new MutationObserver(() => setThemeVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!near || !element) return;
    let chart: IChartApi | null = null;
    let cancelled = false;
    const isAlive = () => !cancelled;
    import('lightweight-charts')
      .then((charts) => {
        if (cancelled) return;
        const colors = themeColors();
        chart = charts.createChart(element, {
          autoSize: true,
          layout: {
            background: { type: charts.ColorType.Solid, color: colors.background },
            textColor: colors.text,
            fontFamily: getComputedStyle(document.body).fontFamily,
            attributionLogo: false,
          },
          grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
          rightPriceScale: { borderColor: colors.grid },
          timeScale: { borderColor: colors.grid, timeVisible: true, secondsVisible: false },
          crosshair: { mode: charts.CrosshairMode.Normal },
        });
        setSetup({ charts, chart, colors, isAlive });
      })
      .catch((error: unknown) => setFailed(error instanceof Error ? error : new Error(String(error))));
    return () => {
      cancelled = true;
      setSetup(null);
      chart?.remove();
    };
  }, [themeVersion, near]);

  return { ref, setup, failed };
}
