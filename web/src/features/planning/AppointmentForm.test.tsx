import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { newPlan } from './appointmentRules';
import { AppointmentForm } from './AppointmentForm';

const shop = { id: 12, name: 'Schoenen Peeters' };

function renderForm(onSubmit = vi.fn(async () => undefined), initial = newPlan({ date: '2026-11-25', shop })) {
  render(<AppointmentForm initial={initial} onSubmit={onSubmit} onCancel={() => undefined} />);
  return onSubmit;
}

describe('the appointment form', () => {
  it('plans an hour unless the rep changes it, and titles the visit after the shop when she types no title', async () => {
    const onSubmit = renderForm();
    expect(screen.getByLabelText('Duur (minuten)')).toHaveValue(60);
    expect(screen.getByText('Standaard 60 minuten.')).toBeVisible();
    expect(screen.getByLabelText('Titel')).toHaveAttribute('placeholder', 'Schoenen Peeters');
    expect(screen.getByText('Leeg laten: "Schoenen Peeters".')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Bewaren' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ date: '2026-11-25', start: '09:00', duration: '60', title: '' }));
  });

  it('says what is missing on the field itself, moves focus there, and saves nothing', async () => {
    const onSubmit = renderForm();
    await userEvent.clear(screen.getByLabelText('Duur (minuten)'));
    await userEvent.clear(screen.getByLabelText('Datum'));
    await userEvent.click(screen.getByRole('button', { name: 'Bewaren' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Controleer de aangeduide velden.');
    const date = screen.getByLabelText('Datum');
    expect(date).toHaveAccessibleDescription('Kies een datum.');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveFocus();
    expect(screen.getByLabelText('Duur (minuten)')).toHaveAccessibleDescription(expect.stringContaining('Geef een duur in minuten'));
  });

  it('lets a message go as soon as the field is fixed', async () => {
    renderForm();
    const duration = screen.getByLabelText('Duur (minuten)');
    await userEvent.clear(duration);
    await userEvent.click(screen.getByRole('button', { name: 'Bewaren' }));
    expect(screen.getByText(/Geef een duur in minuten/)).toBeVisible();
    await userEvent.type(duration, '90');
    expect(screen.queryByText(/Geef een duur in minuten/)).not.toBeInTheDocument();
  });

  it('keeps what was typed and shows why when the save fails', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('refused');
    });
    render(
      <AppointmentForm
        initial={newPlan({ date: '2026-11-25', shop })}
        onSubmit={onSubmit}
        onCancel={() => undefined}
        submitError="Afspraak niet gevonden"
      />,
    );
    await userEvent.type(screen.getByLabelText('Opmerkingen'), 'Collectie tonen');
    await userEvent.click(screen.getByRole('button', { name: 'Bewaren' }));
    expect(screen.getByText('Afspraak niet gevonden')).toBeVisible();
    expect(screen.getByLabelText('Opmerkingen')).toHaveValue('Collectie tonen');
    expect(screen.getByRole('button', { name: 'Bewaren' })).toBeEnabled();
  });
});
