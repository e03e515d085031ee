import { useState } from 'react';
import type { CampaignDetail } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { useInFlight } from '@/lib/submit-once';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Dialog, DialogClose } from '@/ui/dialog';
import { LoadError } from '@/ui/load-error';
import { LoadingState } from '@/ui/query-state';
import { useChangeCampaignLists } from '../api/change-campaign-lists';
import { useContactLists } from '../api/get-contact-lists';
import { ListLabel } from './list-label';

/**
 * Other lists for a campaign that has not started — how one whose list was deleted can be sent:
 * its lists that remain are ticked; a list deleted meanwhile is refused (404) and refreshed away.
 */
export function CampaignListsDialog({ campaign, onClose }: { campaign: CampaignDetail; onClose: () => void }) {
  const lists = useContactLists();
  const change = useChangeCampaignLists();
  const inFlight = useInFlight();
  const [picked, setPicked] = useState(() =>
    campaign.selectedLists.filter((id) => !campaign.deletedLists.includes(id)),
  );
  const chosen = picked.filter((id) => lists.data?.some((list) => list.id === id));
  return (
    <Dialog
      open
      size="sm"
      onOpenChange={(open) => !open && onClose()}
      title={`Lists of “${campaign.name}”`}
      description="Tick the lists it goes to."
    >
      <form
        noValidate
        aria-label={`Lists of ${campaign.name}`}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen.length === 0 || !inFlight.start()) return;
          change.mutate({ id: campaign.id, selectedLists: chosen }, { onSettled: inFlight.end, onSuccess: onClose });
        }}
      >
        <fieldset className="flex flex-col">
          <legend className="sr-only">Contact lists</legend>
          {lists.isPending && <LoadingState lines={2} label="Loading contact lists" />}
          {lists.isError && <LoadError error={lists.error} onRetry={() => void lists.refetch()} />}
          {lists.data?.length === 0 && (
            <p className="text-sm text-muted">No contact lists left. Create one in the Contacts tab.</p>
          )}
          {lists.data?.map((list) => (
            <Checkbox
              key={list.id}
              checked={chosen.includes(list.id)}
              onCheckedChange={(on) =>
                setPicked((now) => (on ? [...now, list.id] : now.filter((id) => id !== list.id)))
              }
              label={<ListLabel list={list} />}
            />
          ))}
        </fieldset>
        {change.isError && (
          <p role="alert" className="text-sm text-loss">
            {errorMessage(change.error, 'Failed to change the lists')}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={chosen.length === 0} loading={change.isPending} loadingText="Saving...">
            Save lists
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
