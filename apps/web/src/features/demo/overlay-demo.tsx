import { DialogClose } from '@/ui/dialog';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { HoverCard } from './components/hover-card';
import { Input } from '@/ui/input';
import { ModalWidget } from './components/modal-widget';
import { Popover } from './components/popover';
import { useNotifications } from '@/lib/notifications';
import { DemoSection } from './demo-section';

export function OverlayDemo() {
  const notify = useNotifications();
  return (
    <DemoSection title="Dialogs and overlays">
      <div className="flex flex-wrap gap-2">
        <Dialog
          title="Share Files via Email"
          description="Escape, the backdrop or Cancel closes this dialog; focus stays inside while it is open."
          trigger={<Button>Open dialog</Button>}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <DialogClose asChild>
                <Button onClick={() => notify.success('Files shared successfully!')}>Send</Button>
              </DialogClose>
            </>
          }
        >
          <FormField name="dialog-subject" label="Subject">
            <Input defaultValue="Shared Files: price-list.pdf" />
          </FormField>
        </Dialog>
        <ModalWidget trigger={<Button variant="secondary">Modal widget</Button>} />
        <Popover label="Filters" trigger={<Button variant="outline">Popover</Button>}>
          <p className="font-medium">Filters</p>
          <p className="mt-1 text-muted">Type: any · Date range: all</p>
        </Popover>
        <HoverCard
          trigger={
            <a
              href="#hover-card"
              className="inline-flex min-h-11 items-center text-accent underline underline-offset-4"
            >
              Hover card
            </a>
          }
        >
          <p className="font-medium">Amina Okafor</p>
          <p className="mt-1 text-muted">Managing Director, Okafor Cocoa Exports</p>
        </HoverCard>
      </div>
    </DemoSection>
  );
}
