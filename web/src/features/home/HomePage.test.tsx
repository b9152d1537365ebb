import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../../api/session';
import type { Appointment } from '@prospectie/contract';
import { brusselsToday } from '@prospectie/contract/dates';
import { json, renderPage } from '../../test/renderPage';
import { HomePage } from './HomePage';

const me = { user: { id: 1, login: 'demo@example.com' }, employee: { id: 7, firstName: 'Sofie', name: 'Janssens' }, authMode: 'demo' };

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('Home offline', () => {
  it('says the shop list is not on the device yet, instead of Laden... for good', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [])),
    );
    onlineManager.setOnline(false);
    renderPage('/home', <HomePage />, [[meQueryKey, me]]);
    expect(await screen.findByText('Niet beschikbaar zonder verbinding')).toBeVisible();
    expect(screen.getByText('De winkellijst staat nog niet op dit toestel: ze wordt opgehaald zodra er verbinding is.')).toBeVisible();
    expect(screen.queryByText('Laden...')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuwe winkel toevoegen' })).toBeVisible();
  });
});

describe('where the rep stands (decision 071)', () => {
  const today = brusselsToday();
  const visit = (id: number, shopId: number | null): Appointment => ({
    id,
    clientId: null,
    employeeId: 7,
    mine: true,
    name: shopId ? `Winkel ${shopId}` : 'Telefoon',
    remarks: null,
    startDate: `${today}T${9 + id}:00:00`,
    endDate: `${today}T${10 + id}:00:00`,
    allDay: false,
    shopId,
    shopName: shopId ? `Winkel ${shopId}` : null,
    prospectionId: null,
    sequence: 0,
  });
  const serve = (todays: Appointment[]) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/me/today' ? json(200, todays) : json(200, []))),
    );

  it('offers In de buurt, saying why it would ask for her location', async () => {
    serve([]);
    renderPage('/home', <HomePage />, [[meQueryKey, me]]);
    expect(await screen.findByRole('heading', { name: 'In de buurt' })).toBeVisible();
    expect(screen.getByText('Prospectie gebruikt je locatie enkel op dit toestel om winkels in de buurt te tonen.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Winkels in de buurt tonen' })).toBeVisible();
  });

  it("offers the order of Vandaag's route once two shop visits are still to make, not for one", async () => {
    serve([visit(1, 12), visit(2, 13)]);
    renderPage('/home', <HomePage />, [[meQueryKey, me]]);
    expect(await screen.findByRole('button', { name: 'Volgorde van de route' })).toBeVisible();
  });

  it('offers no order for a single visit to make', async () => {
    serve([visit(1, 12), visit(2, null)]);
    renderPage('/home', <HomePage />, [[meQueryKey, me]]);
    await screen.findByRole('list', { name: 'Vandaag' });
    await screen.findByRole('heading', { name: 'In de buurt' });
    expect(screen.queryByRole('button', { name: 'Volgorde van de route' })).toBeNull();
  });
});
