import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PipelineDialog } from './PipelineDialog';

const brand = { id: 7, name: 'Kade Denim' };

describe('Stand van een merk (the shop page)', () => {
  it("'Niet geïnteresseerd' without a reason is said on the reason field, which gets the focus, and nothing is saved until one is picked", async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    render(<PipelineDialog brand={brand} now={undefined} onSave={onSave} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Stand van Kade Denim' });
    const u = userEvent.setup();
    expect(within(dialog).getByLabelText('Stand')).toHaveDisplayValue('Geïnteresseerd');
    expect(within(dialog).queryByLabelText('Waarom niet?')).toBeNull();

    await u.selectOptions(within(dialog).getByLabelText('Stand'), 'Niet geïnteresseerd');
    await u.type(within(dialog).getByLabelText('Volgende stap (optioneel)'), ' Terugbellen ');
    await u.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    const reason = within(dialog).getByLabelText('Waarom niet?');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Kies waarom de winkel niet geïnteresseerd is.');
    expect(reason).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();

    await u.selectOptions(reason, 'Te duur');
    expect(reason).not.toHaveAttribute('aria-invalid');
    await u.type(within(dialog).getByLabelText('Toelichting (optioneel)'), 'Marge te klein');
    await u.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(onSave).toHaveBeenCalledWith({
      status: 'not_interested',
      reason: 'price',
      reasonText: 'Marge te klein',
      nextStep: 'Terugbellen',
      nextStepDate: null,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('a refusal from the server is said above the fields and the dialog stays open', async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('offline'));
    const onClose = vi.fn();
    render(<PipelineDialog brand={brand} now={undefined} onSave={onSave} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Stand van Kade Denim' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith({ status: 'interested', nextStep: null, nextStepDate: null });
    expect(onClose).not.toHaveBeenCalled();
  });
});
