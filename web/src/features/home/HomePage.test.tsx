import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../../api/session';
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
