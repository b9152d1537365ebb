// The keys of planning's reads, shared by every screen that changes a plan or a visit (the wizard, the outbox, the
// administration's shop merge): every key starts with 'appointments', so one invalidation refreshes them all. The
// reads themselves are planning's (features/planning).
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
