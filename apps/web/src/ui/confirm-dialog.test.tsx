import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

function Example({ onConfirm, pending = false }: { onConfirm(): void; pending?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Delete invoice.pdf</Button>}
      title="Delete invoice.pdf?"
      description="The file and its links stop working for everyone."
      confirmLabel="Delete"
      onConfirm={onConfirm}
      pending={pending}
      pendingLabel="Deleting..."
    />
  );
}

describe('ConfirmDialog', () => {
  it('asks first: Cancel closes without acting, the action runs once', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Example onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete invoice.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete invoice.pdf?' });
    expect(dialog).toHaveAccessibleDescription('The file and its links stop working for everyone.');
    expect(within(dialog).getByTestId('dialog-box').className).toContain('max-w-[400px]');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete invoice.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('waits while the action runs and says so', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Example onConfirm={onConfirm} pending />);
    await user.click(screen.getByRole('button', { name: 'Delete invoice.pdf' }));
    const busy = screen.getByRole('button', { name: /Deleting/ });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
