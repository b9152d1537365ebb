import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../../api/session';
import { json, renderRoutes } from '../../test/renderPage';
import { brusselsToday } from '@prospectie/contract/dates';
import { emptyVisit, type WizardValues } from './form';
import { WizardPage } from './WizardPage';

vi.mock('../../offline/useOutbox', () => ({
  useOutbox: () => ({ offline: false, queueVisit: vi.fn(), queueShop: vi.fn(), refusedItem: () => undefined, forget: vi.fn() }),
  isNetworkFailure: () => false,
}));

const me = { user: { id: 1, login: 'demo@example.com' }, employee: { id: 7, firstName: 'Sofie', name: 'Janssens' }, authMode: 'demo' };
const owner = { name: 'Els Peeters', email: 'els@winkel.be', phoneNumber: '0470 12 34 56' };
const named = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name }));

/** A fake server for the wizard; returns the bodies of the visits sent. */
function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      if (init?.method === 'POST' && path === '/shops/10/prospections') {
        sent.push(JSON.parse(String(init.body)));
        return json(201, { id: 99 });
      }
      const lists: Record<string, unknown> = {
        '/me': me,
        '/shops/10': { id: 10, name: 'MODE LIEVE', city: 'Gent' },
        '/brands': named('Kade Denim', 'Noord'),
        '/competitorbrands': named('Vila'),
        '/contacttypes': named('Eigenaar', 'Koper', 'Verkoper', 'Overig'),
        '/visittypes': named('Prospectie', 'Swap', 'Key account meeting', 'Overig'),
        '/employees': [{ id: 7, firstName: 'Sofie', name: 'Janssens', userId: 1 }],
        '/contactinfo/10/5': owner,
      };
      return path in lists ? json(200, lists[path]) : json(404, { error: 'Not Found', message: 'niet gevonden' });
    }),
  );
  return sent;
}

function renderWizard() {
  const { router } = renderRoutes(
    [
      { path: '/shop/:shopId/prospections/new', element: <WizardPage /> },
      { path: '/shop/:shopId', element: <p>Winkelpagina</p> },
    ],
    ['/shop/10', '/shop/10/prospections/new'],
    [[meQueryKey, me]],
  );
  return router;
}

/** A draft as version 1 of the app stored it (before the limits were in the inputs, and before the brand statuses). */
function plantOldDraft(values: Partial<WizardValues>, step: number) {
  const { terminatedBrandIds: _stopped, pipeline: _choices, ...older } = emptyVisit(brusselsToday());
  const draft = {
    values: { ...older, ...values },
    step,
    idempotencyKey: 'key-1',
    savedAt: '2026-03-02T10:00:00.000Z',
  };
  localStorage.setItem('prospectie:wizard-draft:v1:1:10', JSON.stringify(draft));
}

const heading = (n: number, name: string) => screen.findByRole('heading', { name: `Stap ${n} van 7: ${name}` });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Volgende' }));

beforeEach(() => {
  localStorage.clear();
  // jsdom draws nothing, so it cannot scroll; the wizard scrolls to the top on every step.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('a draft kept by an older version', () => {
  it(
    'comes back as typed: sell-out 150 and an over-long phone are marked with their Dutch message, 12,5 is kept, and the corrected visit sends 12.5',
    { timeout: 20_000 },
    async () => {
      const sent = serve();
      plantOldDraft(
        {
          contactPhone: '0'.repeat(60),
          brands: [
            { brandId: 1, brandName: 'Kade Denim', sellout: '150', selloutRemark: '' },
            { brandId: 2, brandName: 'Noord', sellout: '12,5', selloutRemark: '' },
          ],
          trends: 'Duurzaam',
          extra: 'Niets',
        },
        3,
      );
      renderWizard();
      await userEvent.click(await screen.findByRole('button', { name: 'Doorgaan met je concept' }));

      // Sent to the first step with a refused value, the field marked and told why.
      await heading(1, 'Info');
      expect(await screen.findByText('Pas eerst de rood gemarkeerde velden aan.')).toBeInTheDocument();
      const phone = screen.getByRole('textbox', { name: /^Telefoon contactpersoon/ });
      expect(phone).toHaveValue('0'.repeat(60));
      expect(phone).toHaveAttribute('aria-invalid', 'true');
      expect(phone).toHaveAttribute('maxLength', '50');
      expect(screen.getByText('Te lang: 60 tekens, maximaal 50.')).toBeInTheDocument();
      fireEvent.change(phone, { target: { value: '0470 11 22 33' } });
      await waitFor(() => expect(phone).not.toHaveAttribute('aria-invalid', 'true'));
      expect(screen.queryByText('Te lang: 60 tekens, maximaal 50.')).not.toBeInTheDocument();

      // The step circle jumps back to FC70, where the draft was, through the steps' checks.
      await userEvent.click(screen.getByRole('button', { name: 'Naar stap 4: FC70' }));
      await heading(4, 'FC70');
      const kade = screen.getByRole('textbox', { name: 'Sellout van Kade Denim (%)' });
      expect(kade).toHaveValue('150');
      expect(kade).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('De sellout kan niet hoger zijn dan 100.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Sellout van Noord (%)' })).toHaveValue('12,5');
      await next();
      expect(await screen.findByRole('alert')).toHaveTextContent('Pas eerst de rood gemarkeerde velden aan.');
      await heading(4, 'FC70');

      await userEvent.clear(kade);
      await userEvent.type(kade, '30.55');
      expect(await screen.findByText('Geef de sellout met hoogstens één cijfer na de komma, bijvoorbeeld 12,5.')).toBeInTheDocument();
      await userEvent.clear(kade);
      await userEvent.type(kade, '30,5');
      await next();
      await heading(5, 'Interesses');
      await next();
      await heading(6, 'Feedback');
      await next();
      await heading(7, 'Opvolging');
      await userEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
      expect(await screen.findByText('Winkelpagina')).toBeInTheDocument();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        brands: [
          { brandId: 1, sellout: 30.5, selloutRemark: null },
          { brandId: 2, sellout: 12.5, selloutRemark: null },
        ],
        // The draft knew nothing of the brand statuses: none picked, none chosen.
        terminatedBrandIds: [],
        pipeline: [],
      });
      expect(localStorage.getItem('prospectie:wizard-draft:v1:1:10')).toBeNull();
    },
  );
});

describe('Merken opvolgen (decision 066)', () => {
  it(
    "sends the FC70 brand picked as stopped on Algemeen and the statuses set on Opvolging; 'Niet geïnteresseerd' without a reason stops the send with a Dutch message",
    { timeout: 30_000 },
    async () => {
      const sent = serve();
      renderWizard();
      await heading(1, 'Info');
      await next();
      await heading(2, 'Brandmix');
      await next();
      await heading(3, 'Algemeen');
      await userEvent.type(screen.getByRole('combobox', { name: 'Stopgezette FC70 brands' }), 'Noord{Enter}');
      // The free text stays, for the brands that are not FC70's.
      expect(screen.getByLabelText('Stopgezette brands')).toHaveAccessibleDescription(/Andere brands dan die van FC70\./);
      await next();
      await heading(4, 'FC70');
      await next();
      await heading(5, 'Interesses');
      await userEvent.type(screen.getByRole('combobox', { name: 'Interesse in FC70 brands' }), 'Kade{Enter}');
      await next();
      await heading(6, 'Feedback');
      fireEvent.change(screen.getByLabelText(/Trends en noden in de markt/), { target: { value: 'Denim' } });
      fireEvent.change(screen.getByLabelText(/Extra opmerkingen\/feedback/), { target: { value: 'Niets' } });
      await next();
      await heading(7, 'Opvolging');

      const kade = screen.getByRole('group', { name: 'Kade Denim' });
      const noord = screen.getByRole('group', { name: 'Noord' });
      expect(within(kade).getByLabelText('Stand')).toHaveDisplayValue('Zoals het bezoek aangeeft');
      await userEvent.selectOptions(within(kade).getByLabelText('Stand'), 'In gesprek');
      await userEvent.type(within(kade).getByLabelText('Volgende stap (optioneel)'), 'Offerte sturen');
      fireEvent.change(within(kade).getByLabelText('Op (optioneel)'), { target: { value: '2026-12-10' } });
      expect(within(kade).queryByLabelText(/^Waarom niet\?/)).toBeNull();
      await userEvent.selectOptions(within(noord).getByLabelText('Stand'), 'Niet geïnteresseerd');

      await userEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Kies waarom de winkel niet geïnteresseerd is.');
      const reason = within(noord).getByLabelText(/^Waarom niet\?/);
      expect(reason).toHaveAttribute('aria-invalid', 'true');
      expect(reason).toHaveAccessibleDescription('Kies waarom de winkel niet geïnteresseerd is.');
      expect(sent).toHaveLength(0);

      await userEvent.selectOptions(reason, 'Te duur');
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(reason).not.toHaveAttribute('aria-invalid');
      await userEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
      expect(await screen.findByText('Winkelpagina')).toBeInTheDocument();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        terminatedBrandIds: [2],
        terminatedBrands: null,
        brandInterests: [{ brandId: 1, remark: null }],
        pipeline: [
          { brandId: 1, status: 'negotiating', nextStep: 'Offerte sturen', nextStepDate: '2026-12-10' },
          { brandId: 2, status: 'not_interested', reason: 'price' },
        ],
      });
    },
  );
});

describe('Volgende never does nothing silently', () => {
  it('a contact name over the limit keeps the rep on Info with the field marked and a Dutch message', async () => {
    serve();
    plantOldDraft({ contactName: 'n'.repeat(250) }, 0);
    renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: 'Doorgaan met je concept' }));
    await heading(1, 'Info');
    await next();
    expect(await screen.findByRole('alert')).toHaveTextContent('Pas eerst de rood gemarkeerde velden aan.');
    await heading(1, 'Info');
    expect(screen.getByRole('textbox', { name: /^Naam contactpersoon/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Te lang: 250 tekens, maximaal 200.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Too big|expected|Invalid/);
  });

  it("every text field holds at most the server's limit, long text areas show a counter", async () => {
    serve();
    renderWizard();
    await heading(1, 'Info');
    expect(screen.getByRole('textbox', { name: /^Naam contactpersoon/ })).toHaveAttribute('maxLength', '200');
    expect(screen.getByRole('textbox', { name: /^E-mail contactpersoon/ })).toHaveAttribute('maxLength', '320');
    expect(screen.getByLabelText('Reden van het bezoek')).toHaveAttribute('maxLength', '500');
    expect(screen.getByText('0/500 tekens')).toBeInTheDocument();
    await next();
    await heading(2, 'Brandmix');
    expect(screen.getByLabelText('Nieuwe brands')).toHaveAttribute('maxLength', '2000');
    expect(screen.getByText('0/2000 tekens')).toBeInTheDocument();
    for (let i = 0; i < 4; i++) await next();
    await heading(6, 'Feedback');
    const trends = screen.getByLabelText(/Trends en noden in de markt/);
    expect(trends).toHaveAttribute('maxLength', '4000');
    await userEvent.type(trends, 'Denim');
    expect(screen.getByText('5/4000 tekens')).toBeInTheDocument();
  });
});

describe('the Feedback step', () => {
  it("holds both required fields; Volgende with them blank stays there, marks them and says 'Gelieve de verplichte velden in te vullen.'", async () => {
    serve();
    renderWizard();
    await heading(1, 'Info');
    for (let i = 0; i < 5; i++) await next();
    await heading(6, 'Feedback');
    expect(screen.getByLabelText(/Trends en noden in de markt/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/Extra opmerkingen\/feedback/)).toHaveAttribute('aria-required', 'true');
    await next();
    expect(await screen.findByRole('alert')).toHaveTextContent('Gelieve de verplichte velden in te vullen.');
    await heading(6, 'Feedback');
    expect(screen.getByLabelText(/Trends en noden in de markt/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Extra opmerkingen\/feedback/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes the message away as soon as both fields are filled, before the next Volgende', async () => {
    serve();
    renderWizard();
    await heading(1, 'Info');
    for (let i = 0; i < 5; i++) await next();
    await heading(6, 'Feedback');
    await next();
    expect(await screen.findByRole('alert')).toHaveTextContent('Gelieve de verplichte velden in te vullen.');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Trends en noden in de markt/), 'Vraag naar basics');
    // One of two: still asked.
    expect(screen.getByRole('alert')).toHaveTextContent('Gelieve de verplichte velden in te vullen.');
    await u.type(screen.getByLabelText(/Extra opmerkingen\/feedback/), 'Niets extra');
    await waitFor(() => expect(screen.queryByText('Gelieve de verplichte velden in te vullen.')).toBeNull());
    expect(screen.getByLabelText(/Trends en noden in de markt/)).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the owner’s pre-filled contact fields', () => {
  it('are marked required and turn red only after a failed Volgende, each until ticked', async () => {
    serve();
    renderWizard();
    await heading(1, 'Info');
    await userEvent.selectOptions(screen.getByLabelText('Type contact'), 'Eigenaar');
    const name = screen.getByRole('textbox', { name: /^Naam contactpersoon/ });
    expect(await screen.findByDisplayValue('Els Peeters')).toBe(name);
    const fields = [/^Naam contactpersoon/, /^E-mail contactpersoon/, /^Telefoon contactpersoon/].map((n) =>
      screen.getByRole('textbox', { name: n }),
    );
    for (const field of fields) {
      expect(field).toHaveAttribute('aria-required', 'true');
      expect(field).not.toHaveAttribute('aria-invalid', 'true');
    }
    await next();
    expect(await screen.findByRole('alert')).toHaveTextContent('Gelieve de nodige contact informatie af te vinken.');
    for (const field of fields) expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Naam contactpersoon klopt' }));
    expect(fields[0]).not.toHaveAttribute('aria-invalid', 'true');
    expect(fields[1]).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the visit date', () => {
  const daysFromToday = (days: number) => {
    const d = new Date(`${brusselsToday()}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };

  it('after today is refused in Dutch, on the field', async () => {
    serve();
    renderWizard();
    await heading(1, 'Info');
    const date = screen.getByLabelText(/Datum bezoek/);
    expect(date).toHaveAttribute('max', brusselsToday());
    fireEvent.change(date, { target: { value: daysFromToday(1) } });
    await next();
    expect(await screen.findByRole('alert')).toHaveTextContent('De datum van het bezoek kan niet na vandaag liggen.');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    await heading(1, 'Info');
  });

  it('more than 30 days ago asks first; confirmed, the rep goes on', async () => {
    serve();
    renderWizard();
    await heading(1, 'Info');
    fireEvent.change(screen.getByLabelText(/Datum bezoek/), { target: { value: daysFromToday(-31) } });
    await next();
    const dialog = await screen.findByRole('dialog', { name: 'Bezoek van meer dan 30 dagen geleden?' });
    expect(dialog).toHaveTextContent('meer dan 30 dagen geleden. Klopt die datum?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Datum aanpassen' }));
    await heading(1, 'Info');
    await next();
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, de datum klopt' }));
    await heading(2, 'Brandmix');
    // Once confirmed, that date is not asked about again.
    await userEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    await next();
    await heading(2, 'Brandmix');
  });

  it('30 days ago goes on without a question', async () => {
    serve();
    renderWizard();
    await heading(1, 'Info');
    fireEvent.change(screen.getByLabelText(/Datum bezoek/), { target: { value: daysFromToday(-30) } });
    await next();
    await heading(2, 'Brandmix');
  });
});

describe('the lists an administrator changes', () => {
  const kept: [readonly unknown[], unknown][] = [
    [meQueryKey, me],
    [['reference', '/brands'], named('Kade Denim')],
    [['reference', '/competitorbrands'], named('Vila')],
    [['reference', '/contacttypes'], named('Eigenaar', 'Koper', 'Verkoper', 'Overig')],
    [['reference', '/visittypes'], named('Prospectie', 'Swap', 'Key account meeting', 'Overig')],
    [['reference', '/employees'], [{ id: 7, firstName: 'Sofie', name: 'Janssens', userId: 1 }]],
  ];
  const open = (failing: string[]) => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.replace(/^\/api/, '');
        asked.push(path);
        if (failing.includes(path)) return json(500, { error: 'Internal Server Error', code: 'internal', message: 'down' });
        if (path === '/shops/10') return json(200, { id: 10, name: 'MODE LIEVE', city: 'Gent' });
        if (path === '/competitorbrands') return json(200, named('Vila', 'Nieuwkomer'));
        return json(404, { error: 'Not Found', code: 'route_not_found', message: 'niet gevonden' });
      }),
    );
    const { queryClient } = renderRoutes(
      [{ path: '/shop/:shopId/prospections/new', element: <WizardPage /> }],
      ['/shop/10/prospections/new'],
      kept,
    );
    return { asked, queryClient };
  };

  it('asks for the brands, competitor brands and colleagues again when a wizard opens, though they are kept', async () => {
    const { asked } = open([]);
    await heading(1, 'Info');
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/brands', '/competitorbrands', '/employees'])));
    // The types come with the migrations and never change: they are not asked again.
    expect(asked).not.toContain('/contacttypes');
  });

  it('opens with the kept lists when asking again fails', async () => {
    const { queryClient } = open(['/brands', '/employees']);
    await heading(1, 'Info');
    await waitFor(() => expect(queryClient.getQueryState(['reference', '/brands'])?.status).toBe('error'));
    expect(queryClient.getQueryData(['reference', '/brands'])).toEqual(named('Kade Denim'));
    expect(screen.queryByText('De gegevens konden niet geladen worden.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volgende' })).toBeEnabled();
  });
});
