import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMe, person, serveAdmin, setWindowNarrow } from './fakeAdminServer';
import { fill, renderAdmin } from './renderAdmin';

beforeEach(() => setWindowNarrow(false));
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

const sofie = person(2, 'Sofie', 'Janssens');
const jan = person(3, 'Jan', 'Maes', { roles: ['manager'] });
const els = person(4, 'Els', 'Peeters', { active: false });
const self = { ...person(1, 'Bea', 'Heer', { roles: ['beheerder'] }), login: 'beheer@example.com' };

describe('Medewerkers', () => {
  it('lists the active people in a table, with their roles, and says how many', async () => {
    serveAdmin({ people: [self, sofie, jan, els] });
    renderAdmin('/beheer');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('3 medewerkers');
    const janRow = within(table).getByRole('row', { name: /Jan Maes/ });
    expect(janRow).toHaveTextContent('Medewerker, Manager');
    expect(janRow).toHaveTextContent('Actief');
    expect(within(table).queryByText('Els Peeters')).not.toBeInTheDocument();
    // Her own account cannot be deactivated from here.
    expect(within(table).getByRole('row', { name: /Bea Heer \(jij\)/ })).not.toHaveTextContent('Deactiveren');
  });

  it('searches on the server as she types, and filters on status', async () => {
    const server = serveAdmin({ people: [self, sofie, jan, els] });
    renderAdmin('/beheer/medewerkers');
    await screen.findByRole('table');
    await fill(screen.getByRole('searchbox', { name: 'Zoek een medewerker' }), 'sofie');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 medewerker'));
    expect(server.calls.map((c) => c.path)).toContain('/api/admin/people?q=sofie&status=active');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Gedeactiveerd' }));
    expect(screen.getByRole('button', { name: 'Gedeactiveerd' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 medewerker'));
    expect(screen.getByRole('row', { name: /Els Peeters/ })).toHaveTextContent('Gedeactiveerd');
    await fill(screen.getByRole('searchbox'), 'niemand');
    expect(await screen.findByText('Geen medewerkers gevonden voor "niemand".')).toBeVisible();
  });

  it('adds a rep with her roles, refreshes the list and the lists other screens keep, and says so', async () => {
    const server = serveAdmin({ people: [self] });
    const { queryClient } = renderAdmin('/beheer/medewerkers', [
      [['reference', '/employees'], []],
      [['employees'], []],
    ]);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Medewerker toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerker toevoegen' });
    const login = within(dialog).getByRole('textbox', { name: /^Login/ });
    expect(login).toHaveFocus();
    await fill(login, 'an.peeters@fc70.example');
    await fill(within(dialog).getByRole('textbox', { name: /^Voornaam/ }), 'An');
    await fill(within(dialog).getByRole('textbox', { name: /^Naam/ }), 'Peeters');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Manager' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    expect(await screen.findByText('An Peeters is toegevoegd.')).toBeVisible();
    // Read out once, by the live region around it (not a second time as an alert).
    expect(screen.getByText('An Peeters is toegevoegd.').closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/people',
      body: { login: 'an.peeters@fc70.example', firstName: 'An', name: 'Peeters', email: null, roles: ['manager'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /An Peeters/ })).toHaveTextContent('Medewerker, Manager');
    expect(queryClient.getQueryState(['reference', '/employees'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['employees'])?.isInvalidated).toBe(true);
  });

  it('says on the field what is missing before asking the server, and shows a refused login on the login field', async () => {
    const server = serveAdmin({ people: [self] });
    renderAdmin('/beheer/medewerkers');
    await userEvent.click(await screen.findByRole('button', { name: 'Medewerker toevoegen' }));
    const dialog = await screen.findByRole('dialog');
    await fill(within(dialog).getByRole('textbox', { name: /^Login/ }), 'a b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    const login = within(dialog).getByRole('textbox', { name: /^Login/ });
    expect(login).toHaveAttribute('aria-invalid', 'true');
    expect(login).toHaveAccessibleDescription(expect.stringContaining('Een login heeft minstens 3 tekens en geen spaties.'));
    expect(within(dialog).getByRole('textbox', { name: /^Voornaam/ })).toHaveAccessibleDescription('Vul dit veld in.');
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await userEvent.clear(login);
    await fill(login, 'sofie.janssens@fc70.example');
    await fill(within(dialog).getByRole('textbox', { name: /^Voornaam/ }), 'Sofie');
    await fill(within(dialog).getByRole('textbox', { name: /^Naam/ }), 'Janssens');
    server.refuseNext = { status: 409, code: 'login_taken', field: 'body.login' };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(login).toHaveAccessibleDescription(expect.stringContaining('Er bestaat al een medewerker met deze login.')));
    expect(login).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: /^Login/ })).toHaveValue('sofie.janssens@fc70.example');
  });

  it('changes only what was edited', async () => {
    const server = serveAdmin({ people: [self, jan] });
    renderAdmin('/beheer/medewerkers');
    await userEvent.click(await screen.findByRole('button', { name: 'Jan Maes bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Jan Maes bewerken' });
    expect(within(dialog).getByRole('checkbox', { name: 'Manager' })).toBeChecked();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Voornaam/ }));
    await fill(within(dialog).getByRole('textbox', { name: /^Voornaam/ }), 'Jean');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Beheerder' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await screen.findByText('Jean Maes is bewaard.')).toBeVisible();
    expect(server.calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/admin/people/3',
      body: { firstName: 'Jean', roles: ['manager', 'beheerder'] },
    });
  });

  it('sets the address for her mail when her login is none, refuses one that is no address, and empties it as null', async () => {
    const noMail = person(5, 'Lien', 'Claes', { login: 'lclaes' });
    const server = serveAdmin({ people: [self, noMail] });
    renderAdmin('/beheer/medewerkers');
    await userEvent.click(await screen.findByRole('button', { name: 'Lien Claes bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lien Claes bewerken' });
    const email = within(dialog).getByRole('textbox', { name: /^E-mailadres voor meldingen \(niet verplicht\)/ });
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Enkel nodig als de login geen e-mailadres is'));
    await fill(email, 'lien@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Geen geldig e-mailadres'));
    expect(server.calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await userEvent.clear(email);
    await fill(email, ' Lien.Claes@FC70.be ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await screen.findByText('Lien Claes is bewaard.')).toBeVisible();
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ email: 'lien.claes@fc70.be' });
    expect(await screen.findByRole('row', { name: /Lien Claes/ })).toHaveTextContent('E-mail naar lien.claes@fc70.be');

    await userEvent.click(screen.getByRole('button', { name: 'Lien Claes bewerken' }));
    const again = await screen.findByRole('dialog', { name: 'Lien Claes bewerken' });
    await userEvent.clear(within(again).getByRole('textbox', { name: /^E-mailadres voor meldingen/ }));
    await userEvent.click(within(again).getByRole('button', { name: 'Bewaren' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ email: null }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Lien Claes/ })).not.toHaveTextContent('E-mail naar'));
  });

  it('deactivates only after she confirms, and reactivates at once', async () => {
    const server = serveAdmin({ people: [self, sofie] });
    renderAdmin('/beheer/medewerkers');
    await userEvent.click(await screen.findByRole('button', { name: 'Sofie Janssens deactiveren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sofie Janssens deactiveren?' });
    expect(dialog).toHaveTextContent('kan niet meer aanmelden');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(server.calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Sofie Janssens deactiveren' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactiveren' }));
    expect(await screen.findByText('Sofie Janssens is gedeactiveerd.')).toBeVisible();
    expect(server.calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/admin/people/2', body: { active: false } },
    ]);
    // She left the active list; under Alle she can be reactivated.
    await waitFor(() => expect(screen.queryByRole('row', { name: /Sofie Janssens/ })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Alle' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sofie Janssens heractiveren' }));
    expect(await screen.findByText('Sofie Janssens is opnieuw actief.')).toBeVisible();
    expect(server.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ active: true });
  });

  it('shows a list of cards instead of the table on a phone', async () => {
    setWindowNarrow(true);
    serveAdmin({ people: [self, sofie] });
    renderAdmin('/beheer/medewerkers');
    const card = (await screen.findByText('Sofie Janssens')).closest('li')!;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Sofie Janssens' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Sofie Janssens bewerken' })).toBeVisible();
    expect(card).toHaveTextContent('sofie.janssens@fc70.example');
  });

  it('says offline that the administration needs a connection, instead of loading for good', async () => {
    serveAdmin({ people: [self, sofie] });
    onlineManager.setOnline(false);
    renderAdmin('/beheer/medewerkers', [[['me'], adminMe]]);
    expect(await screen.findByText('Niet beschikbaar zonder verbinding')).toBeVisible();
    expect(screen.getByText(/Het beheer staat niet op dit toestel/)).toBeVisible();
    expect(screen.queryByText('Medewerkers worden geladen...')).not.toBeInTheDocument();
  });

  it('says at once that a change could not reach the server, and keeps what she typed', async () => {
    serveAdmin({ people: [self] });
    renderAdmin('/beheer/medewerkers');
    await userEvent.click(await screen.findByRole('button', { name: 'Medewerker toevoegen' }));
    const dialog = await screen.findByRole('dialog');
    await fill(within(dialog).getByRole('textbox', { name: /^Login/ }), 'an.peeters@fc70.example');
    await fill(within(dialog).getByRole('textbox', { name: /^Voornaam/ }), 'An');
    await fill(within(dialog).getByRole('textbox', { name: /^Naam/ }), 'Peeters');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Geen verbinding met de server.');
    expect(within(dialog).getByRole('textbox', { name: /^Voornaam/ })).toHaveValue('An');
  });

  it('tells someone without the role beheerder that she has no access, without asking the administration', async () => {
    const server = serveAdmin({ people: [sofie] }, { ...adminMe, roles: ['medewerker', 'manager'] });
    renderAdmin('/beheer/medewerkers');
    expect(await screen.findByRole('heading', { name: 'Geen toegang' })).toBeVisible();
    expect(screen.getByText(/Je hebt geen toegang tot dit deel van Prospectie\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(server.calls.filter((c) => c.path.startsWith('/api/admin'))).toEqual([]);
  });
});
