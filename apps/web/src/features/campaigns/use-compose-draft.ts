import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth-context';
import type { ComposeForm } from './compose-draft';
import { emptyDraft, loadDraft, saveDraft, type ComposeDraft, type DraftFile } from './draft-storage';

/**
 * The composer's draft, kept per user in this browser: closing the Email Campaign Manager or
 * reloading the page opens it again as it was. Sending or discarding empties it.
 */
export function useComposeDraft() {
  const { user } = useAuth();
  const userId = user?.id ?? 'signed-out';
  const [state, setState] = useState(() => ({ userId, draft: loadDraft(userId) }));
  // another account signed in while the page lived: its own draft
  if (state.userId !== userId) setState({ userId, draft: loadDraft(userId) });

  useEffect(() => saveDraft(state.userId, state.draft), [state]);

  const update = useCallback(
    (change: (draft: ComposeDraft) => ComposeDraft) => setState((s) => ({ ...s, draft: change(s.draft) })),
    [],
  );
  const setForm = useCallback(
    (change: (form: ComposeForm) => ComposeForm) => update((d) => ({ ...d, form: change(d.form) })),
    [update],
  );
  const setFiles = useCallback((files: DraftFile[]) => update((d) => ({ ...d, files })), [update]);
  const discard = useCallback(() => update(() => emptyDraft()), [update]);

  return { draft: state.draft, setForm, setFiles, discard };
}
