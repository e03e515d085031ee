import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';
import { FormField } from './form-field';
import { Select } from './select';
import { Switch } from './switch';

const TYPES = [
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
  { value: 'document', label: 'Document', disabled: true },
];

describe('Select', () => {
  it('takes its name from the field, opens from the keyboard and picks an option', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <FormField name="type" label="Type" error="Pick a type" isRequired>
        <Select options={TYPES} onValueChange={onValueChange} placeholder="Any type" />
      </FormField>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Type' });
    expect(trigger).toHaveTextContent('Any type');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Pick a type');
    trigger.focus();
    await user.keyboard('{Enter}');
    const listbox = screen.getByRole('listbox');
    expect(listbox).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Document' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Video' }));
    expect(onValueChange).toHaveBeenCalledWith('video');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Video');
  });
});

describe('Checkbox', () => {
  it('toggles by click on its label and by Space', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Make files publicly accessible" defaultChecked onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Make files publicly accessible' });
    expect(box).toBeChecked();
    await user.click(screen.getByText('Make files publicly accessible'));
    expect(box).not.toBeChecked();
    box.focus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[false], [true]]);
  });
});

describe('Switch', () => {
  it('is a labelled switch operable by keyboard', async () => {
    const user = userEvent.setup();
    render(<Switch label="High contrast" description="Stronger colours" />);
    const toggle = screen.getByRole('switch', { name: 'High contrast' });
    expect(toggle).toHaveAccessibleDescription('Stronger colours');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});
