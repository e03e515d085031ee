import type { ReactNode } from 'react';
import { Button } from '@/ui/button';
import { DialogClose } from '@/ui/dialog';

/** A dialog's buttons at its foot, as ui/Dialog's `footer` lays them out: Cancel, then the action. */
export function DialogActions({ children, cancel = 'Cancel' }: { children?: ReactNode; cancel?: string }) {
  return (
    <div className="mt-5 flex flex-wrap justify-end gap-2">
      <DialogClose asChild>
        <Button variant="outline">{cancel}</Button>
      </DialogClose>
      {children}
    </div>
  );
}
