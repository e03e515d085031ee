import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox';
import { FormField } from './form-field';

const zones = ['Africa/Abidjan', 'America/New_York', 'America/Noronha', 'Asia/Tokyo', 'Europe/London', 'UTC'].map(
  (z) => ({ value: z, label: z.replaceAll('_', ' ') }),
);

function Picker({ onChange = () => {}, maxShown }: { onChange?: (v: string) => void; maxShown?: number }) {
  const [value, setValue] = useState('UTC');
  return (
    <FormField name="zone" label="Time zone">
      <Combobox
        options={zones}
        value={value}
        maxShown={maxShown}
        onValueChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </FormField>
  );
}

describe('Combobox', () => {
  it('is named by its field, opens on the arrow key at the chosen option, and moves and chooses by keyboard', async () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.tab();
    expect(box).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Time zone' });
    expect(list).toBeVisible();
    // the active option is the chosen one
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant')!);
    expect(active()).toHaveTextContent('UTC');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}{ArrowDown}');
    expect(active()).toHaveTextContent('America/New York');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('America/New_York');
    expect(box).toHaveValue('America/New York');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters by every word typed, says when nothing matches, and Escape keeps the value', async () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    await userEvent.click(box);
    await userEvent.keyboard('america n');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['America/New York', 'America/Noronha']);
    await userEvent.keyboard('ew_');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['America/New York']);
    await userEvent.clear(box);
    await userEvent.keyboard('atlantis');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No match. Try another name.')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('UTC');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows at most maxShown matches and says how many more typing would reveal; a click chooses', async () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} maxShown={2} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Time zone' }));
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByText('4 more: keep typing to narrow the list.')).toBeVisible();
    await userEvent.click(screen.getByRole('option', { name: 'America/New York' }));
    expect(onChange).toHaveBeenCalledWith('America/New_York');
  });
});
