import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Select from 'react-select';
import { describe, expect, it } from 'vitest';
import { selectTexts } from './selectTexts';

describe('the select widgets speak Dutch', () => {
  it('asks Kies... and says Geen resultaten when nothing matches, not Select... and No options', async () => {
    render(<Select inputId="colour" aria-label="Kleur" options={[{ value: 'r', label: 'Rood' }]} {...selectTexts} />);
    expect(screen.getByText('Kies...')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'Kleur' }), 'zzz');
    expect(screen.getByText('Geen resultaten')).toBeInTheDocument();
    expect(screen.queryByText('No options')).not.toBeInTheDocument();
  });

  it('says Laden... while its options load, not Loading...', async () => {
    render(<Select inputId="colour" aria-label="Kleur" options={[]} isLoading {...selectTexts} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Kleur' }));
    expect(screen.getByText('Laden...')).toBeInTheDocument();
  });
});
