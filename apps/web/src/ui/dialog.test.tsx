import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';

function Example() {
  return (
    <>
      <Button>Before</Button>
      <Dialog
        title="Share Files via Email"
        description="Send links to the selected files."
        trigger={<Button>Open dialog</Button>}
        footer={
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
        }
      >
        <label>
          Subject <input />
        </label>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a named modal, locks the page scroll and keeps focus inside', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Files via Email' });
    expect(dialog).toHaveAccessibleDescription('Send links to the selected files.');
    expect(within(dialog).getByTestId('dialog-box').className).toContain('max-w-[500px]'); // md, the default
    expect(document.body).toHaveAttribute('data-scroll-locked');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Tab cycles inside: input, Cancel, close (×), back to the input
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
  });

  it('without a trigger, gives focus back on Escape to the control that opened it', async () => {
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Share Files (2)</Button>
          <Dialog open={open} onOpenChange={setOpen} title="Share Files via Email">
            <input aria-label="Subject" />
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Controlled />);
    const opener = screen.getByRole('button', { name: 'Share Files (2)' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click and through a close button', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByTestId('dialog-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
