import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileField } from './FileField';

const agenda = () => new File(['BEGIN:VCALENDAR'], 'agenda.ics', { type: 'text/calendar' });

function Field({
  error = null,
  errorId,
  onChange = vi.fn(),
}: {
  error?: string | null;
  errorId?: string;
  onChange?: (file: File | null) => void;
}) {
  return (
    <FileField
      id="file"
      label="Agendabestand (.ics)"
      hint="Hoogstens 2 MB."
      accept=".ics,text/calendar"
      error={error}
      errorId={errorId}
      disabled={false}
      onChange={onChange}
    />
  );
}

describe('the file field', () => {
  it('shows a Dutch button instead of the browser’s, then the chosen file’s name, and hands the file over', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const input = screen.getByLabelText('Agendabestand (.ics)');
    expect(input).toHaveAttribute('accept', '.ics,text/calendar');
    expect(input).toHaveAccessibleDescription('Hoogstens 2 MB.');
    expect(screen.getByText('Bestand kiezen...')).toBeVisible();
    expect(screen.getByText('Geen bestand gekozen')).toBeVisible();
    const file = agenda();
    await userEvent.upload(input, file);
    expect(onChange).toHaveBeenCalledWith(file);
    expect(screen.getByText('agenda.ics')).toBeVisible();
  });

  it('says what is wrong under the field, read out with its hint', () => {
    render(<Field error="Dit is geen .ics-bestand." />);
    const input = screen.getByLabelText('Agendabestand (.ics)');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Hoogstens 2 MB. Dit is geen .ics-bestand.');
    expect(screen.getByText('Dit is geen .ics-bestand.')).toBeVisible();
  });

  it('points at an error the page shows elsewhere instead of repeating it', () => {
    render(
      <>
        <Field error="Er werd niets geïmporteerd." errorId="page-error" />
        <p id="page-error" role="alert">
          Er werd niets geïmporteerd.
        </p>
      </>,
    );
    const input = screen.getByLabelText('Agendabestand (.ics)');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Hoogstens 2 MB. Er werd niets geïmporteerd.');
    expect(screen.getAllByText('Er werd niets geïmporteerd.')).toHaveLength(1);
  });
});
