import { SHARED_LINK_DAY_CHOICES } from '@tp/shared';
import { Checkbox } from '@/ui/checkbox';
import { NativeSelect } from '@/ui/native-select';

const DAY_OPTIONS = SHARED_LINK_DAY_CHOICES.map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));

interface ShareLinkOptionsProps {
  makePublic: boolean;
  onMakePublicChange(makePublic: boolean): void;
  expiresInDays: number;
  onExpiresInDaysChange(days: number): void;
}

/** Whether the files become public, and how long the e-mail's links work. */
export function ShareLinkOptions({
  makePublic,
  onMakePublicChange,
  expiresInDays,
  onExpiresInDaysChange,
}: ShareLinkOptionsProps) {
  return (
    <>
      <div className="flex flex-col gap-1">
        <Checkbox
          checked={makePublic}
          onCheckedChange={onMakePublicChange}
          label="Make files publicly accessible (recommended for email sharing)"
        />
        <p className="text-xs text-muted">
          The e-mail’s links work for the time you choose either way. Public also lets anyone who has a file’s own link
          open it; it is never listed or searchable by other users.
        </p>
      </div>
      <label className="flex flex-col gap-1 text-sm font-semibold sm:max-w-60">
        Links work for
        <NativeSelect
          className="font-normal"
          value={String(expiresInDays)}
          options={DAY_OPTIONS}
          onChange={(value) => onExpiresInDaysChange(Number(value))}
        />
      </label>
    </>
  );
}
