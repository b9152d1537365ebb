// Planning's reads that Home and the shop page ask too (Vandaag, Te bezoeken, a shop's plan): small, so Home's first
// download takes them without the calendar's code.
import { useQuery } from '@tanstack/react-query';
import {
  appointmentsOfEmployee,
  calendarSubscriptionStatus,
  dueShopsOfMine,
  shopPlanOf,
  todaysAppointments,
} from '@prospectie/contract/endpoints/addresses';
import { appointmentKeys, type VisibleRange } from '../../api/appointments';
import { call } from '../../api/call';

export const appointmentsOfRange = (employeeId: number, range: VisibleRange, signal?: AbortSignal) =>
  call(appointmentsOfEmployee, { params: { id: employeeId }, query: range, signal });

/** Today's plans of the rep, in order (Home's Vandaag). */
export const todayAppointmentsQuery = { queryKey: appointmentKeys.today, queryFn: () => call(todaysAppointments) };

export function useTodayAppointments(enabled = true) {
  return useQuery({ ...todayAppointmentsQuery, enabled });
}

/** Shops of the rep's portfolio nobody visited for a while, most overdue first (Home's Te bezoeken). */
export const dueShopsQuery = { queryKey: appointmentKeys.due, queryFn: () => call(dueShopsOfMine), staleTime: 5 * 60 * 1000 };

export function useDueShops(enabled = true) {
  return useQuery({ ...dueShopsQuery, enabled });
}

/** A shop's next planned visit (anyone's) and its last visit. */
export function useShopPlan(shopId: number) {
  return useQuery({ queryKey: appointmentKeys.shopPlan(shopId), queryFn: () => call(shopPlanOf, { params: { id: shopId } }) });
}

/** Whether the rep's calendar feed is switched on. */
export function useCalendarSubscription() {
  return useQuery({ queryKey: appointmentKeys.subscription, queryFn: () => call(calendarSubscriptionStatus) });
}
