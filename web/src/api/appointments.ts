// Planning's reads (issue 23), shared by Home, the shop page, the calendar and the wizard: every key starts with
// 'appointments', so one invalidation after any change of a plan or a visit refreshes them all.
import { useQuery } from '@tanstack/react-query';
import {
  appointmentsOfEmployee,
  calendarSubscriptionStatus,
  dueShopsOfMine,
  shopPlanOf,
  todaysAppointments,
} from '@prospectie/contract/endpoints/addresses';
import { call } from './call';

/** The days a calendar shows: from inclusive, to exclusive, both 'YYYY-MM-DD'. */
export interface VisibleRange {
  from: string;
  to: string;
}

export const appointmentKeys = {
  all: ['appointments'] as const,
  range: (employeeId: number, range: VisibleRange) => ['appointments', 'employee', employeeId, range.from, range.to] as const,
  today: ['appointments', 'today'] as const,
  due: ['appointments', 'due-shops'] as const,
  shopPlan: (shopId: number) => ['appointments', 'shop', shopId] as const,
  subscription: ['calendar-subscription'] as const,
};

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
