import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../../test/renderPage';
import { OverviewPage } from './OverviewPage';

// jsdom has no canvas: the drawing is checked in the browser (e2e); here the chart stands in as a marker.
vi.mock('../../components/LineChart', () => ({ default: () => <canvas aria-hidden="true" /> }));

const manager = {
  user: { id: 2, login: 'manager@example.com' },
  employee: { id: 9, firstName: 'Marc', name: 'Maes' },
  authMode: 'demo',
  roles: ['medewerker', 'manager'],
};
const rep = {
  user: { id: 1, login: 'demo@example.com' },
  employee: { id: 7, firstName: 'Sofie', name: 'Janssens' },
  authMode: 'demo',
  roles: ['medewerker'],
};

/** The visits the fake server counts in each period it is asked for; any other period has none. */
const VISITS: Record<string, number> = {
  '2026-11-01..2026-11-30': 12,
  '2026-10-01..2026-10-31': 7,
  '2026-12-01..2026-12-31': 3,
  '2026-10-01..2026-12-31': 22,
};

const stages = (visited: number, interested: number, negotiating: number, customer: number, notInterested: number, stopped: number) => ({
  visited,
  interested,
  negotiating,
  customer,
  not_interested: notInterested,
  stopped,
});
/** The funnel the fake server answers for November and for a season; any other period has none. */
const FUNNEL = {
  total: { entered: stages(12, 6, 4, 3, 2, 1), conversion: 0.5, medianDaysToCustomer: 21 },
  brands: [
    { brandId: 2, brandName: 'Noord & Zee', entered: stages(4, 0, 0, 0, 1, 0), conversion: null, medianDaysToCustomer: null },
    { brandId: 1, brandName: 'Linde & Lou', entered: stages(8, 6, 4, 3, 1, 1), conversion: 0.5, medianDaysToCustomer: 18.5 },
  ],
  reps: [
    { employeeId: 7, employeeName: 'Sofie Janssens', entered: stages(9, 3, 3, 2, 1, 0), conversion: 2 / 3, medianDaysToCustomer: 21 },
    { employeeId: 8, employeeName: 'Eva De Vries', entered: stages(3, 3, 1, 1, 1, 1), conversion: 1 / 3, medianDaysToCustomer: 40 },
  ],
  reasons: [
    { reason: 'price', shops: 2 },
    { reason: 'competitor', shops: 1 },
  ],
};
const NO_FUNNEL = {
  total: { entered: stages(0, 0, 0, 0, 0, 0), conversion: null, medianDaysToCustomer: null },
  brands: [],
  reps: [],
  reasons: [],
};
const SEASONS = [
  {
    id: 4,
    name: 'SS27',
    startsOn: '2026-09-01',
    endsOn: '2027-01-31',
    brandWindows: [{ brandId: 1, brandName: 'Linde & Lou', startsOn: '2026-09-15', endsOn: '2026-12-15' }],
  },
  { id: 3, name: 'FW26', startsOn: '2026-02-01', endsOn: '2026-06-30', brandWindows: [] },
];

/** A fake API: the figures of the period asked for; every GET it answers is kept in `calls`. */
function serve(me: typeof manager | typeof rep) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      const figure = pathname.replace(/^\/api(\/my)?\/overview\//, '');
      const total = VISITS[`${searchParams.get('from')}..${searchParams.get('to')}`] ?? 0;
      if (pathname === '/api/me') return json(200, me);
      if (pathname === '/api/employees') return json(200, [{ id: 7, firstName: 'Sofie', name: 'Janssens', active: true }]);
      if (pathname === '/api/brands') return json(200, [{ id: 1, name: 'Linde & Lou' }]);
      if (pathname === '/api/countries') return json(200, [{ id: 1, name: 'België' }]);
      if (pathname === '/api/seasons') return json(200, SEASONS);
      if (figure === 'funnel') {
        const counted = searchParams.has('seasonId') || searchParams.get('from') === '2026-11-01';
        return json(200, counted ? FUNNEL : NO_FUNNEL);
      }
      if (figure === 'visits') {
        const week = { isoWeek: '2026-W45', weekStart: '2026-11-02' };
        const perRepWeek = total
          ? [
              { employeeId: 7, employeeName: 'Sofie Janssens', ...week, visits: total },
              ...(me === manager
                ? [
                    { employeeId: 8, employeeName: 'Eva De Vries', ...week, visits: total + 5 },
                    { employeeId: 10, employeeName: 'Jan Maes', ...week, visits: 1 },
                  ]
                : []),
            ]
          : [];
        const visitTypes = total ? [{ visitTypeId: 2, visitTypeName: 'Prospectie', visits: total }] : [];
        return json(200, { total, perRepWeek, visitTypes, newShops: 2 });
      }
      if (figure === 'coverage') {
        const shop = {
          shopId: 5,
          shopName: 'Boetiek Aster',
          city: 'Gent',
          postalCode: '9000',
          employeeId: 7,
          employeeName: 'Sofie Janssens',
        };
        return json(200, {
          windowDays: 90,
          asOf: searchParams.get('to'),
          teamShops: 4,
          visitedShops: 3,
          share: 0.75,
          notVisited: [{ ...shop, lastVisitDate: null, daysSince: null }],
          notVisitedTotal: 1,
          nextOffset: null,
        });
      }
      if (figure === 'todos') {
        const openAge = { upTo7: 1, upTo30: 1, upTo90: 0, over90: 0 };
        return json(200, { assignees: [{ employeeId: 7, employeeName: 'Sofie Janssens', open: 2, done: 5, openAge, oldestOpenDays: 12 }] });
      }
      if (figure === 'brands') {
        const interests = [{ brandId: 1, brandName: 'Linde & Lou', shops: 3, visits: 4, remarks: [] }];
        return json(200, { interests, sellout: [], competitors: [], terminated: [], terminatedTotal: 0 });
      }
      return json(404, { error: 'Not Found', message: url });
    }),
  );
  return calls;
}

function renderOverview(address: string) {
  const { router } = renderRoutes([{ path: '/overzicht', element: <OverviewPage /> }], [address]);
  /** The period and filters the address holds now. */
  return { address: () => new URLSearchParams(router.state.location.search).toString() };
}

/** A figure of the Bezoeken card by its label. */
const visitFigure = (label: string) => within(screen.getByRole('region', { name: 'Bezoeken' })).getByText(label).nextElementSibling;

beforeEach(() => {
  // Tuesday 24 November 2026: this month is November, this quarter October to December.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OverviewPage', () => {
  it('shows a manager the team’s visits, coverage, to-dos and brands of this month', async () => {
    const calls = serve(manager);
    renderOverview('/overzicht');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overzicht' })).toBeInTheDocument();
    await vi.waitFor(() => expect(visitFigure('Bezoeken in de periode')).toHaveTextContent('12'));
    expect(visitFigure('Nieuwe winkels')).toHaveTextContent('2');
    expect(screen.getByText('01/11/2026 – 30/11/2026')).toBeInTheDocument();

    const coverage = screen.getByRole('region', { name: 'Dekking' });
    expect(within(coverage).getByText('75%')).toBeInTheDocument();
    expect(within(coverage).getByText('3 van 4 winkels')).toBeInTheDocument();
    expect(within(coverage).getByRole('link', { name: 'Boetiek Aster' })).toHaveAttribute('href', '/shop/5');
    const todos = await screen.findByRole('table', { name: 'Open en afgewerkt per medewerker' });
    expect(within(todos).getByRole('row', { name: 'Sofie Janssens 2 5 12' })).toBeInTheDocument();
    const interests = await screen.findByRole('table', { name: 'FC70 interesses' });
    expect(within(interests).getByRole('row', { name: 'Linde & Lou 3 4' })).toBeInTheDocument();

    expect(calls).toContain('/api/overview/visits?from=2026-11-01&to=2026-11-30');
    // Not first taken for a rep while her roles were on their way: Mijn overzicht was never asked, nor shown.
    expect(calls.filter((url) => url.startsWith('/api/my/'))).toEqual([]);
    expect(screen.getByRole('link', { name: 'Excel (XLSX)' })).toHaveAttribute(
      'href',
      '/api/overview/export.xlsx?from=2026-11-01&to=2026-11-30',
    );
  });

  it("lists the team's visits per rep most first, and sorts them by name or count from the column headers", async () => {
    serve(manager);
    renderOverview('/overzicht');
    const table = await screen.findByRole('table', { name: 'Bezoeken per medewerker' });
    const order = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(order()).toEqual(['Eva De Vries17', 'Sofie Janssens12', 'Jan Maes1']);
    const count = within(table).getByRole('columnheader', { name: /Aantal/ });
    expect(count).toHaveAttribute('aria-sort', 'descending');
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /Medewerker/ }));
    expect(order()).toEqual(['Eva De Vries17', 'Jan Maes1', 'Sofie Janssens12']);
    expect(within(table).getByRole('columnheader', { name: /Medewerker/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(count).not.toHaveAttribute('aria-sort');
    await user.click(within(table).getByRole('button', { name: /Medewerker/ }));
    expect(order()).toEqual(['Sofie Janssens12', 'Jan Maes1', 'Eva De Vries17']);
    await user.click(within(table).getByRole('button', { name: /Aantal/ }));
    expect(order()).toEqual(['Eva De Vries17', 'Sofie Janssens12', 'Jan Maes1']);
    await user.click(within(table).getByRole('button', { name: /Aantal/ }));
    expect(order()).toEqual(['Jan Maes1', 'Sofie Janssens12', 'Eva De Vries17']);
  });

  it('puts another period in the address and shows its figures, also days she picks herself', async () => {
    serve(manager);
    const { address } = renderOverview('/overzicht?period=month');
    await vi.waitFor(() => expect(visitFigure('Bezoeken in de periode')).toHaveTextContent('12'));

    await userEvent.selectOptions(screen.getByLabelText('Periode'), 'Kwartaal');
    expect(address()).toBe('period=quarter');
    await vi.waitFor(() => expect(visitFigure('Bezoeken in de periode')).toHaveTextContent('22'));
    expect(screen.getByText('01/10/2026 – 31/12/2026')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Periode'), 'Eigen periode');
    expect(address()).toBe('period=custom&from=2026-10-01&to=2026-12-31');
    expect(screen.queryByRole('button', { name: 'Vorige periode' })).not.toBeInTheDocument();
    // The days read dd/mm/jjjj whatever the browser's language; a day typed that way goes to the address.
    expect(screen.getByLabelText('Van')).toHaveValue('01/10/2026');
    const to = screen.getByLabelText('Tot en met');
    expect(to).toHaveValue('31/12/2026');
    await userEvent.clear(to);
    await userEvent.type(to, '31/10/2026{Enter}');
    expect(address()).toBe('period=custom&from=2026-10-01&to=2026-10-31');
    await vi.waitFor(() => expect(visitFigure('Bezoeken in de periode')).toHaveTextContent('7'));
  });

  it('says what is wrong with a day she types that is no day or lies before the period starts, and keeps the period', async () => {
    serve(manager);
    const { address } = renderOverview('/overzicht?period=custom&from=2026-10-01&to=2026-10-31');
    const to = await screen.findByLabelText('Tot en met');
    await userEvent.clear(to);
    await userEvent.type(to, '31/02/2026');
    await userEvent.tab();
    expect(to).toHaveAccessibleDescription('Geef een datum als dd/mm/jjjj, bijvoorbeeld 01/06/2026.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(to);
    await userEvent.type(to, '30/09/2026{Enter}');
    expect(to).toHaveAccessibleDescription('Kies een dag vanaf 01/10/2026.');
    expect(address()).toBe('period=custom&from=2026-10-01&to=2026-10-31');
    // A phone's number pad has no slash: the digits alone are a day too.
    await userEvent.clear(to);
    await userEvent.type(to, '15102026{Enter}');
    expect(address()).toBe('period=custom&from=2026-10-01&to=2026-10-15');
    expect(screen.getByLabelText('Tot en met')).toHaveValue('15/10/2026');
    expect(screen.getByLabelText('Tot en met')).not.toHaveAttribute('aria-invalid');
  });

  it('steps to the month before and after with Vorige and Volgende, the address keeping the month and the filters', async () => {
    serve(manager);
    const { address } = renderOverview('/overzicht?period=month&brandId=1');
    await vi.waitFor(() => expect(visitFigure('Bezoeken in de periode')).toHaveTextContent('12'));

    await userEvent.click(screen.getByRole('button', { name: 'Vorige periode' }));
    expect(address()).toBe('period=month&from=2026-10-01&brandId=1');
    expect(screen.getByText('01/10/2026 – 31/10/2026')).toBeInTheDocument();
    await vi.waitFor(() => expect(visitFigure('Bezoeken in de periode')).toHaveTextContent('7'));

    await userEvent.click(screen.getByRole('button', { name: 'Volgende periode' }));
    await userEvent.click(screen.getByRole('button', { name: 'Volgende periode' }));
    expect(address()).toBe('period=month&from=2026-12-01&brandId=1');
    expect(screen.getByText('01/12/2026 – 31/12/2026')).toBeInTheDocument();
    await vi.waitFor(() => expect(visitFigure('Bezoeken in de periode')).toHaveTextContent('3'));

    // Back at this month, the address holds no day, so the same link shows next month's figures next month.
    await userEvent.click(screen.getByRole('button', { name: 'Vorige periode' }));
    expect(address()).toBe('period=month&brandId=1');
    expect(screen.getByLabelText('FC70 brand')).toHaveDisplayValue('Linde & Lou');
  });

  it('steps a week and a quarter at a time too, across the turn of the year', async () => {
    serve(manager);
    const { address } = renderOverview('/overzicht?period=week&from=2026-12-28');
    expect(await screen.findByText('28/12/2026 – 03/01/2027')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volgende periode' }));
    expect(address()).toBe('period=week&from=2027-01-04');
    expect(screen.getByText('04/01/2027 – 10/01/2027')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Periode'), 'Kwartaal');
    await userEvent.click(screen.getByRole('button', { name: 'Volgende periode' }));
    expect(address()).toBe('period=quarter&from=2027-01-01');
    expect(screen.getByText('01/01/2027 – 31/03/2027')).toBeInTheDocument();
  });

  it('shows a rep Mijn overzicht: her own figures, asked without a rep', async () => {
    const calls = serve(rep);
    renderOverview('/overzicht?period=month&from=2026-10-01');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn overzicht' })).toBeInTheDocument();
    await vi.waitFor(() => expect(visitFigure('Bezoeken in de periode')).toHaveTextContent('7'));
    expect(calls).toContain('/api/my/overview/visits?from=2026-10-01&to=2026-10-31');
    expect(screen.queryByLabelText('Medewerker')).not.toBeInTheDocument();
  });

  it("leaves out of Mijn overzicht what only a team has: a Medewerker column, 'Alle medewerkers', a table per rep", async () => {
    serve(rep);
    renderOverview('/overzicht?period=month&from=2026-10-01');
    const notVisited = await screen.findByRole('table', { name: 'Niet bezocht (1)' });
    expect(within(notVisited).queryByRole('columnheader', { name: 'Medewerker' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Bezoeken per medewerker' })).toBeNull();
    expect(screen.queryByText('Alle medewerkers')).toBeNull();
  });
});

describe('the overview’s funnel', () => {
  /** The rows of a table under its header row, as a screen reader names them. */
  const rowNames = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent).join(' '));

  it('shows the team the shops per stage, per FC70 brand and per rep, with the conversion and the median days, and why shops said no', async () => {
    const calls = serve(manager);
    renderOverview('/overzicht');
    const funnel = await screen.findByRole('region', { name: 'Trechter' });
    const brands = await within(funnel).findByRole('table', { name: 'Trechter per FC70 brand' });
    expect(
      within(brands)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Brand ▲',
      'Bezocht',
      'Geïnteresseerd',
      'In gesprek',
      'Klant',
      'Niet geïnteresseerd',
      'Gestopt',
      'Conversie',
      'Dagen tot klant (mediaan)',
    ]);
    expect(rowNames(brands)).toEqual(['Linde & Lou 8 6 4 3 1 1 50% 18,5', 'Noord & Zee 4 0 0 0 1 0 – –']);
    const reps = within(funnel).getByRole('table', { name: 'Trechter per medewerker' });
    expect(rowNames(reps)).toEqual(['Eva De Vries 3 3 1 1 1 1 33,3% 40', 'Sofie Janssens 9 3 3 2 1 0 66,7% 21']);
    const reasons = within(funnel).getByRole('table', { name: 'Waarom niet geïnteresseerd' });
    expect(rowNames(reasons)).toEqual(['Te duur 2', 'Werkt met een concurrent 1']);
    expect(within(funnel).getByText('Conversie (geïnteresseerd → klant)').nextElementSibling).toHaveTextContent('50%');
    expect(within(funnel).getByText('Mediaan dagen tot klant').nextElementSibling).toHaveTextContent('21');
    expect(within(funnel).getByText('Winkels die een fase bereikten in de gekozen periode, 01/11/2026 – 30/11/2026.')).toBeInTheDocument();

    // The chart's figures in its table: the way to a customer in order, then the ways out.
    expect(within(funnel).getByRole('img', { name: /^Winkels per fase: grafiek/ })).toBeInTheDocument();
    await userEvent.click(within(funnel).getByText('Cijfers als tabel'));
    const chartTable = within(funnel).getByRole('table', { name: 'Winkels per fase' });
    expect(rowNames(chartTable)).toEqual([
      'Bezocht 12',
      'Geïnteresseerd 6',
      'In gesprek 4',
      'Klant 3',
      'Niet geïnteresseerd 2',
      'Gestopt 1',
    ]);
    expect(calls).toContain('/api/overview/funnel?from=2026-11-01&to=2026-11-30');
  });

  it('counts in a season’s window when she picks one: the season and its days are sent and kept in the address, the other figures keep the period', async () => {
    const calls = serve(manager);
    const { address } = renderOverview('/overzicht?period=month&from=2026-10-01');
    const funnel = await screen.findByRole('region', { name: 'Trechter' });
    expect(await within(funnel).findByText('Geen wijzigingen in de pijplijn in deze periode.')).toBeInTheDocument();
    const season = within(funnel).getByLabelText('Seizoen');
    expect(season).toHaveDisplayValue('Geen: de gekozen periode');
    await vi.waitFor(() => expect(within(season).getByRole('option', { name: 'SS27' })).toBeInTheDocument());

    await userEvent.selectOptions(season, 'SS27');
    expect(address()).toBe('period=month&from=2026-10-01&seasonId=4');
    expect(await within(funnel).findByRole('table', { name: 'Trechter per FC70 brand' })).toBeInTheDocument();
    expect(calls).toContain('/api/overview/funnel?from=2026-09-01&to=2027-01-31&seasonId=4');
    expect(
      within(funnel).getByText('Winkels die een fase bereikten in het venster van seizoen SS27, 01/09/2026 – 31/01/2027.'),
    ).toBeInTheDocument();
    expect(within(funnel).getByText('Linde & Lou: 15/09/2026 – 15/12/2026')).toBeInTheDocument();
    expect(calls.filter((url) => url.includes('seasonId') && !url.startsWith('/api/overview/funnel?'))).toEqual([]);
    expect(screen.getByText('01/10/2026 – 31/10/2026')).toBeInTheDocument();

    // Another month keeps the season; 'Geen' takes the funnel back to the period.
    await userEvent.click(screen.getByRole('button', { name: 'Volgende periode' }));
    expect(address()).toBe('period=month&seasonId=4');
    await userEvent.selectOptions(season, 'Geen: de gekozen periode');
    expect(address()).toBe('period=month');
    expect(
      await within(funnel).findByText('Winkels die een fase bereikten in de gekozen periode, 01/11/2026 – 30/11/2026.'),
    ).toBeInTheDocument();
  });

  it('shows a rep her own funnel, asked without a rep, without a table per rep', async () => {
    const calls = serve(rep);
    renderOverview('/overzicht?period=month&seasonId=3');
    const funnel = await screen.findByRole('region', { name: 'Trechter' });
    expect(await within(funnel).findByRole('table', { name: 'Trechter per FC70 brand' })).toBeInTheDocument();
    expect(within(funnel).getByLabelText('Seizoen')).toHaveDisplayValue('FW26');
    expect(calls).toContain('/api/my/overview/funnel?from=2026-02-01&to=2026-06-30&seasonId=3');
    expect(within(funnel).queryByRole('table', { name: 'Trechter per medewerker' })).toBeNull();
  });
});
