import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIL_STATUSES, type MailLogEntry } from '@prospectie/contract';
import { serveAdmin, setWindowNarrow } from './fakeAdminServer';
import { renderAdmin } from './renderAdmin';

beforeEach(() => setWindowNarrow(false));
afterEach(() => vi.unstubAllGlobals());

const jan = { employeeId: 7, name: 'Jan Maes' };
const mail = (id: number, extra: Partial<MailLogEntry> = {}): MailLogEntry => ({
  id,
  kind: 'todo',
  recipient: jan,
  address: 'collega@example.com',
  status: 'sent',
  attempts: 1,
  createdAt: new Date(Date.UTC(2026, 10, 27, 8, 0, id % 60)).toISOString(),
  finishedAt: new Date(Date.UTC(2026, 10, 27, 8, 1)).toISOString(),
  nextAttemptAt: null,
  ...extra,
});
/** 60 mails, newest (highest id) first, as the server answers. */
const many = () => Array.from({ length: 60 }, (_, i) => mail(60 - i));

describe('E-mails', () => {
  it('shows per mail when, to whom, what kind, what became of it and how many attempts', async () => {
    serveAdmin({
      mails: [
        mail(3, {
          kind: 'digest',
          status: 'waiting',
          attempts: 2,
          finishedAt: null,
          createdAt: '2026-11-27T06:30:00Z',
          nextAttemptAt: '2026-11-27T06:34:00Z',
        }),
        mail(2, { createdAt: '2026-11-26T15:00:00Z', finishedAt: '2026-11-26T15:00:02Z' }),
        mail(1, { status: 'no_address', address: null, recipient: { employeeId: 8, name: 'Lien Claes' } }),
      ],
    });
    renderAdmin('/beheer/e-mails');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('3 e-mails getoond');
    const [, waiting, sent, refused] = within(table).getAllByRole('row');
    expect(waiting).toHaveTextContent('Aangemaakt 27/11/2026 om 07:30');
    expect(waiting).toHaveTextContent('Jan Maescollega@example.com');
    expect(waiting).toHaveTextContent('Ochtendoverzicht');
    expect(within(waiting).getAllByRole('cell')[2]).toHaveTextContent(/^In wachtrijvolgende poging om 07:34$/);
    expect(within(waiting).getAllByRole('cell').at(-1)).toHaveTextContent('2');
    expect(sent).toHaveTextContent('Taak');
    expect(sent).toHaveTextContent('Verstuurd 26/11/2026 om 16:00');
    expect(refused).toHaveTextContent('Lien Claesgeen adres');
    expect(refused).toHaveTextContent('Niet verstuurd: geen e-mailadres');
    expect(screen.getByText('Dit zijn alle e-mails.')).toBeVisible();
  });

  it('says each status in Dutch', async () => {
    serveAdmin({ mails: MAIL_STATUSES.map((status, i) => mail(MAIL_STATUSES.length - i, { status })) });
    renderAdmin('/beheer/e-mails');
    const table = await screen.findByRole('table');
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2].textContent);
    expect(statuses).toEqual([
      'In wachtrij',
      'Verstuurd',
      'Niet verstuurd: uitgezet',
      'Niet verstuurd: geen e-mailadres',
      'Niet verstuurd: niets te melden',
      'Geweigerd door de mailserver',
      'Mislukt: mailserver onbereikbaar',
      'Vervallen',
      'Onzeker: mogelijk verstuurd',
    ]);
  });

  it('loads the next page with Meer laden, until there is no more', async () => {
    const server = serveAdmin({ mails: many() });
    renderAdmin('/beheer/e-mails');
    expect(await screen.findByText('50 e-mails getoond')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('60 e-mails getoond')).toBeVisible();
    expect(server.calls.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/api/admin/mails?limit=50', '/api/admin/mails?limit=50&before=11']),
    );
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
  });

  it('says when nothing was mailed yet', async () => {
    serveAdmin();
    renderAdmin('/beheer/e-mails');
    expect(await screen.findByText('Nog geen e-mails.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Dit zijn alle e-mails.')).not.toBeInTheDocument();
  });

  it('shows a list of cards on a phone', async () => {
    setWindowNarrow(true);
    serveAdmin({ mails: [mail(1, { kind: 'digest' })] });
    renderAdmin('/beheer/e-mails');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Ochtendoverzicht: Jan Maes' })).closest('li')!;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('collega@example.com');
    expect(card).toHaveTextContent('Verstuurd');
    expect(card).toHaveTextContent('1 poging');
  });

  it('says on a card when a waiting mail is tried again', async () => {
    setWindowNarrow(true);
    serveAdmin({ mails: [mail(1, { status: 'waiting', attempts: 3, finishedAt: null, nextAttemptAt: '2026-11-27T13:05:00Z' })] });
    renderAdmin('/beheer/e-mails');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Taak: Jan Maes' })).closest('li')!;
    expect(card).toHaveTextContent('In wachtrij');
    expect(card).toHaveTextContent('3 pogingen, volgende poging om 14:05');
  });

  it('is a section of the administration', async () => {
    serveAdmin();
    renderAdmin('/beheer/medewerkers');
    const sections = await screen.findByRole('navigation', { name: 'Onderdelen van het beheer' });
    await userEvent.click(within(sections).getByRole('link', { name: 'E-mails' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
  });
});
