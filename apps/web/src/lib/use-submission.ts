import { startTransition, useActionState } from 'react';

type Outcome<O> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  | { status: 'success'; data: O; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * One form submission on React's own action state (idle → pending → success | error), for the
 * public forms that must not pull TanStack Query onto the landing page (docs/decisions/0012).
 */
export function useSubmission<I, O>(send: (input: I) => Promise<O>) {
  const [outcome, dispatch, isPending] = useActionState<Outcome<O>, I>(
    async (_previous, input) => {
      try {
        return { status: 'success', data: await send(input) };
      } catch (error) {
        return { status: 'error', error };
      }
    },
    { status: 'idle' },
  );
  return { ...outcome, isPending, submit: (input: I) => startTransition(() => dispatch(input)) };
}
