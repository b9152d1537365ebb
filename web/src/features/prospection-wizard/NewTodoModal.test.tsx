import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewTodoModal } from './NewTodoModal';

const employees = [
  { id: 1, name: 'Sofie Janssens' },
  { id: 2, name: 'Pieter Jansen' },
  { id: 3, name: 'Jan Maes' },
];

describe('Nieuwe taak, Toegewezen aan', () => {
  it("typing 'Jan' offers Jan Maes first, so Enter assigns him, and the rep herself is marked (jij)", async () => {
    const onAdd = vi.fn();
    render(<NewTodoModal show employees={employees} self={1} onAdd={onAdd} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const u = userEvent.setup();
    await u.type(within(dialog).getByLabelText('Toegewezen aan'), 'Jan');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Jan Maes', 'Sofie Janssens (jij)', 'Pieter Jansen']);
    await u.keyboard('{Enter}');
    // The chip's remove button is named in Dutch, after the person.
    expect(within(dialog).getByRole('button', { name: 'Verwijder Jan Maes' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});
