let hydrating = false;

/** main.tsx: this visit started by hydrating the prerendered landing page. */
export function markHydratedStart(): void {
  hydrating = true;
}

export function isHydratedStart(): boolean {
  return hydrating;
}
