import { useId, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import type { SubscribeRequest } from '@tp/shared';
import { useHydrated } from '@/lib/client-only';
import { sendWithModule, useSubmission } from '@/lib/use-submission';

// loaded when the form is first focused or sent, not with the landing page that shows it
const loadSubscribeApi = () => import('../api/subscribe');
const subscribe = sendWithModule(
  loadSubscribeApi,
  (api, input: SubscribeRequest) => api.subscribe(input),
  (api, error) => api.subscribeErrorMessage(error),
);

/** Newsletter sign-up (double opt-in). */
export function SubscribeForm() {
  const id = useId();
  const hydrated = useHydrated(); // prerendered on the landing page: sends once the app has started
  const submission = useSubmission(subscribe);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    submission.submit({
      email: String(data.get('email') ?? ''),
      name: String(data.get('name') ?? ''),
      lists: ['general'],
    });
  }

  if (submission.status === 'success') {
    return (
      <p
        role="status"
        className="flex min-h-[5.5rem] items-center gap-3 rounded-md border border-border bg-bg p-4 text-sm"
      >
        <MailCheck aria-hidden="true" className="size-6 shrink-0 text-gain" />
        {submission.data.message}
      </p>
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadSubscribeApi()}
      aria-label="Newsletter sign-up"
      className="space-y-2"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email for the newsletter
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          className="min-h-11 flex-1 rounded-md border border-border bg-bg px-3 text-base text-fg placeholder:text-muted"
        />
        <button
          type="submit"
          disabled={submission.isPending || !hydrated}
          className="inline-flex min-h-11 items-center justify-center rounded-md border border-accent px-4 font-semibold text-accent hover:bg-surface-2 disabled:opacity-60"
        >
          {submission.isPending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      {submission.status === 'error' && !submission.isPending && (
        <p role="alert" className="text-sm text-loss">
          {(submission.error as Error).message}
        </p>
      )}
    </form>
  );
}
