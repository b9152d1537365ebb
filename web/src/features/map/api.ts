// The map's reads and its one write (decision 071): where the shops are (kept on the device), the tiles' address,
// each placed shop's status and rep, the rep's planned visits, and 'Ik sta in deze winkel'.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { brusselsToday } from '@prospectie/contract/dates';
import { appointmentsOfEmployee, hereInShop, mapSettings, shopMap } from '@prospectie/contract/endpoints/addresses';
import { appointmentKeys } from '../../api/appointments';
import { call, callList } from '../../api/call';
import { shopKeys, shopPlacesQuery } from '../../api/shops';
import type { DeviceLocation } from './deviceLocation';
import type { ShopPlaces } from './geo';

export const mapKeys = {
  settings: ['map', 'settings'] as const,
  /** Every placed shop's status and rep: the furthest stage over its brands, or one brand's. */
  statuses: (brandId: number | null) => ['map', 'shops', brandId ?? 'all'] as const,
};

/** Every placed shop as [id, latitude, longitude], from the device when it has them; `enabled: false` reads only those. */
export function useShopPlaces(enabled = true) {
  return useQuery({ ...shopPlacesQuery, enabled });
}

/** The tiles' address and attribution, as the server is set up: kept, so the map draws its frame offline too. */
export function useMapSettings() {
  return useQuery({ queryKey: mapKeys.settings, queryFn: () => call(mapSettings), staleTime: Infinity });
}

/** [id, status, rep] of every placed shop; while another brand's load, the last brand's stay on the map. */
export function useShopStatuses(brandId: number | null) {
  return useQuery({
    queryKey: mapKeys.statuses(brandId),
    queryFn: () => callList(shopMap, { query: brandId === null ? {} : { brandId } }),
    staleTime: 5 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
}

/** How far ahead the map marks a shop as planned. */
const PLANNED_AHEAD_DAYS = 28;

const daysAfter = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The rep's visits planned from today on (not yet made): under planning's key, so a new plan refreshes it. */
export function usePlannedVisits(employeeId: number | undefined) {
  const from = brusselsToday();
  const range = { from, to: daysAfter(from, PLANNED_AHEAD_DAYS) };
  return useQuery({
    queryKey: appointmentKeys.range(employeeId ?? 0, range),
    queryFn: () => call(appointmentsOfEmployee, { params: { id: employeeId! }, query: range }),
    enabled: employeeId !== undefined,
  });
}

/** 'Ik sta in deze winkel': the shop takes her position when it has no place yet; the device's list learns it at once. */
export function useSaveHere() {
  const queryClient = useQueryClient();
  return async (shopId: number, { latitude, longitude, accuracy }: DeviceLocation) => {
    const result = await call(hereInShop, { params: { id: shopId }, body: { latitude, longitude, accuracy } });
    if (result.place) {
      const { latitude: lat, longitude: lon } = result.place;
      queryClient.setQueryData<ShopPlaces>(shopKeys.places, (places) =>
        places && !places.some(([id]) => id === shopId) ? [...places, [shopId, lat, lon]] : places,
      );
    }
    return result;
  };
}
