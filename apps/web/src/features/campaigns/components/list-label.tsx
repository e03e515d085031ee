import type { ContactList } from '@tp/shared';
import { formatCount } from '@/lib/format';

/** A contact list as a checkbox's label: its name, and its count on the right. */
export function ListLabel({ list }: { list: ContactList }) {
  return (
    <span className="flex w-full justify-between gap-2">
      <span className="truncate">{list.name}</span>
      <span className="tabular text-muted">({formatCount(list.count)})</span>
    </span>
  );
}
