import { startTransition, useActionState } from 'react';
import { SHELL_MESSAGES } from '@tp/shared';

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

/**
 * A sender whose module loads when the form is first used instead of with the page (the landing
 * page's forms: their requests and error texts stay out of its first load, docs/decisions/0012).
 * `send` sends with the loaded module and `describe` words its failure: a failed submission is an
 * Error whose message is the text the form shows ("Loading chunk failed" when the module could not
 * load), with the messages for its fields from `fieldsOf` (a 400's details) as `fields`.
 */
export function sendWithModule<M, I, O>(
  load: () => Promise<M>,
  send: (module: M, input: I) => Promise<O>,
  describe: (module: M, error: unknown) => string,
  fieldsOf?: (module: M, error: unknown) => Record<string, string>,
): (input: I) => Promise<O> {
  return async (input) => {
    const module = await load().catch((error: unknown) => {
      throw new Error(SHELL_MESSAGES.chunkLoadFailed, { cause: error });
    });
    try {
      return await send(module, input);
    } catch (error) {
      throw Object.assign(new Error(describe(module, error), { cause: error }), {
        fields: fieldsOf?.(module, error) ?? {},
      });
    }
  };
}

/** The messages for its fields that a failed `sendWithModule` submission carries. */
export const failedFields = (error: unknown): Partial<Record<string, string>> =>
  (error as { fields?: Record<string, string> } | null)?.fields ?? {};
