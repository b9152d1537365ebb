// Where the rep stands and where the shops are (decision 071), on a phone in a street in Gent: In de buurt lists the
// nearest shops in order, the map draws the shops over tiles of the tests' own and a pin's card plans a visit, and
// Vandaag's order and the address 'Route openen' hands the maps app hold the day's stops in the order of the round.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './servers';
import { seriousAxeViolations, signIn } from './helpers';

const PHONE = { width: 390, height: 844 };
/** The Kouter's corner, Gent. */
const GENT_STREET = { latitude: 51.054, longitude: 3.72 };
const appHeaders = { 'x-prospectie-client': '1' };

interface Point {
  latitude: number;
  longitude: number;
}
type Place = [number, number, number];
interface Appointment {
  id: number;
  shopId: number | null;
  shopName: string | null;
  name: string | null;
  prospectionId: number | null;
}

test.use({ viewport: PHONE });

/** As the phone would say: she allowed Prospectie her location, and stands in Gent. */
async function standInGent(context: BrowserContext) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(GENT_STREET);
}

/** The test's own distance, as the crow flies (haversine), in km. */
function km(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}
const pointOf = ([, latitude, longitude]: Place): Point => ({ latitude, longitude });
/** A distance as the app writes it: metres by ten under a kilometre, else kilometres with one decimal and a comma. */
const distanceText = (distance: number) =>
  distance < 0.995 ? `${Math.round(distance * 100) * 10} m` : `${distance.toFixed(1).replace('.', ',')} km`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const at = (p: Point) => `${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}`;

async function placesAndNames(page: Page) {
  const places = (await (await page.request.get('/api/shops/places')).json()) as Place[];
  const shops = (await (await page.request.get('/api/shops')).json()) as { id: number; name: string }[];
  return { places, names: new Map(shops.map((s) => [s.id, s.name])) };
}

function brusselsToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

test.beforeEach(async ({ page, context }) => {
  await standInGent(context);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Welkom, Sofie!' })).toBeVisible();
});

test('In de buurt lists the ten shops nearest to where she stands, nearest first, with their distance', async ({ page }) => {
  const { places, names } = await placesAndNames(page);
  const nearest = [...places].sort((a, b) => km(GENT_STREET, pointOf(a)) - km(GENT_STREET, pointOf(b))).slice(0, 10);

  const section = page.getByRole('region', { name: 'In de buurt' });
  await expect(section).toContainText('Prospectie gebruikt je locatie enkel op dit toestel om winkels in de buurt te tonen.');
  await section.getByRole('button', { name: 'Winkels in de buurt tonen' }).click();
  const list = section.getByRole('list', { name: 'In de buurt' });
  await expect(list.getByRole('link')).toHaveText(nearest.map(([id]) => new RegExp(`^${escape(names.get(id)!)}`)));
  await expect(list.getByRole('listitem').first()).toContainText(distanceText(km(GENT_STREET, pointOf(nearest[0]))));
  await expect(list.getByRole('link').first()).toHaveAttribute('href', `/shop/${nearest[0][0]}`);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("the map draws every placed shop over the tiles of the server's setting, and a pin's card plans a visit", async ({ page, tiles }) => {
  const { places, names } = await placesAndNames(page);
  const tilesBefore = tiles.requests.length;
  await page.getByRole('link', { name: 'Kaart', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kaart' })).toBeVisible();
  await expect(page.getByText(`${places.length.toLocaleString('nl-BE')} winkels op de kaart`)).toBeVisible();
  const map = page.getByRole('region', { name: 'Kaart van de winkels' });
  await expect(map.locator('.map-cluster').first()).toBeVisible();
  // The tiles come from the tests' own server, and say whose they are.
  await expect.poll(() => tiles.requests.length).toBeGreaterThan(tilesBefore);
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(map).toContainText('© OpenStreetMap-bijdragers');
  // The map fills the phone's screen under the header.
  const box = (await map.boundingBox())!;
  expect(box.width).toBe(PHONE.width);
  expect(box.y + box.height).toBeGreaterThan(PHONE.height - 2);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The shops on screen as a list (the map for a keyboard): the one chosen is brought into view with its card.
  await page.getByRole('button', { name: 'Lijst' }).click();
  const list = page.getByRole('region', { name: 'Winkels in beeld' });
  await expect(list).toContainText(/De 50 dichtst bij het midden, van \d+ in beeld\./);
  await list.getByRole('listitem').first().getByRole('button').click();
  const card = page.locator('.map-card');
  const name = (await card.getByRole('heading').textContent())!;
  const shopId = [...names].find(([, n]) => n === name)![0];
  await card.getByRole('button', { name: 'Sluiten' }).click();
  await expect(card).toBeHidden();

  // A tap on the shop's pin opens its card again.
  await map.locator(`[data-shop-id="${shopId}"]`).click();
  await expect(card.getByRole('heading', { name })).toBeFocused();
  await expect(card.getByRole('link', { name: `Start bezoek bij ${name}` })).toHaveAttribute('href', `/shop/${shopId}/prospections/new`);
  const place = places.find(([id]) => id === shopId)!;
  const route = new URL((await card.getByRole('link', { name: `Route naar ${name} (opent je kaartenapp)` }).getAttribute('href'))!);
  expect(route.origin + route.pathname).toBe('https://www.google.com/maps/dir/');
  expect(route.searchParams.get('destination')).toBe(at(pointOf(place)));

  await card.getByRole('button', { name: `Bezoek plannen bij ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Bezoek plannen bij ${name}` });
  await dialog.getByLabel('Beginuur').fill('16:00');
  await dialog.getByRole('button', { name: 'Bewaren' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Afspraak bewaard.' })).toBeVisible();
  await expect(card).toContainText('Gepland');
  const me = (await (await page.request.get('/api/me')).json()) as { employee: { id: number } };
  const today = brusselsToday();
  const planned = (await (
    await page.request.get(`/api/employees/${me.employee.id}/appointments?from=${today}&to=9999-12-31`)
  ).json()) as (Appointment & { startDate: string })[];
  const made = planned.filter((a) => a.shopId === shopId && a.startDate.endsWith('T16:00:00'));
  expect(made).toHaveLength(1);
  for (const a of made) expect((await page.request.delete(`/api/appointments/${a.id}`, { headers: appHeaders })).status()).toBe(204);
});

/** The shortest way from `origin` through every stop, worked out the long way: every order tried. */
function shortestRound<S extends Point>(origin: Point, stops: S[]): S[] {
  let best: S[] = [];
  let bestLength = Infinity;
  const walk = (route: S[], left: S[], length: number) => {
    if (length >= bestLength) return;
    if (left.length === 0) {
      best = route;
      bestLength = length;
      return;
    }
    left.forEach((stop, i) =>
      walk([...route, stop], [...left.slice(0, i), ...left.slice(i + 1)], length + km(route.at(-1) ?? origin, stop)),
    );
  };
  walk([], stops, 0);
  return best;
}

test("Vandaag puts the day's visits in the order of a round from where she stands, and 'Route openen' hands them over so", async ({
  page,
}) => {
  const { places } = await placesAndNames(page);
  const byDistance = [...places].sort((a, b) => km(GENT_STREET, pointOf(a)) - km(GENT_STREET, pointOf(b)));
  // Three shops around Gent, planned in another order than the round drives them.
  const today = brusselsToday();
  const chosen = [byDistance[6], byDistance[0], byDistance[3]];
  const made: number[] = [];
  for (const [i, [shopId]] of chosen.entries()) {
    const res = await page.request.post('/api/appointments', {
      headers: appHeaders,
      data: { clientId: crypto.randomUUID(), shopId, startDate: `${today}T0${7 + i}:00`, endDate: `${today}T0${7 + i}:45` },
    });
    expect(res.status()).toBe(201);
    made.push(((await res.json()) as Appointment).id);
  }
  try {
    // Every visit of today still to make at a placed shop is a stop (the demo may have planned some too).
    const todays = (await (await page.request.get('/api/me/today')).json()) as Appointment[];
    const placeOf = new Map(places.map((p) => [p[0], pointOf(p)]));
    const stops = todays
      .filter((a) => a.shopId !== null && a.prospectionId === null && placeOf.has(a.shopId))
      .map((a) => ({ ...placeOf.get(a.shopId!)!, title: a.shopName ?? a.name ?? '' }));
    const expected = shortestRound(GENT_STREET, stops);

    await page.goto('/home');
    const vandaag = page.getByRole('region', { name: 'Vandaag', exact: true });
    await expect(vandaag.getByRole('list', { name: 'Vandaag', exact: true }).getByRole('listitem')).toHaveCount(todays.length);
    await expect(vandaag).toContainText('Prospectie gebruikt je locatie enkel op dit toestel om de volgorde van je bezoeken te bepalen.');
    await vandaag.getByRole('button', { name: 'Volgorde van de route' }).click();
    const round = vandaag.getByRole('list', { name: 'Route van vandaag' });
    await expect(round.getByRole('listitem')).toHaveText(expected.map((s) => new RegExp(`^${escape(s.title)}`)));

    const open = vandaag.getByRole('link', { name: /^Route openen/ });
    await expect(open).toHaveAttribute('target', '_blank');
    const address = new URL((await open.getAttribute('href'))!);
    expect(address.origin + address.pathname).toBe('https://www.google.com/maps/dir/');
    expect(address.searchParams.get('api')).toBe('1');
    expect(address.searchParams.get('travelmode')).toBe('driving');
    expect(address.searchParams.get('origin')).toBe(at(GENT_STREET));
    const firstLeg = expected.slice(0, 9);
    expect(address.searchParams.get('waypoints')?.split('|') ?? []).toEqual(firstLeg.slice(0, -1).map(at));
    expect(address.searchParams.get('destination')).toBe(at(firstLeg.at(-1)!));
    if (expected.length > 9) await expect(vandaag.getByRole('link', { name: /^Volgende deel van de route/ }).first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  } finally {
    for (const id of made) await page.request.delete(`/api/appointments/${id}`, { headers: appHeaders });
  }
});
