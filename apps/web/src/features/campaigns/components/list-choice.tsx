import type { ContactList } from '@tp/shared';
import { Checkbox } from '@/ui/checkbox';

/** The lists new and imported contacts join. */
export function ListChoice({
  lists,
  chosen,
  onChange,
}: {
  lists: ContactList[];
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  if (lists.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">Add to lists</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {lists.map((list) => (
          <Checkbox
            key={list.id}
            checked={chosen.includes(list.id)}
            onCheckedChange={(on) => onChange(on ? [...chosen, list.id] : chosen.filter((id) => id !== list.id))}
            label={list.name}
          />
        ))}
      </div>
    </fieldset>
  );
}
