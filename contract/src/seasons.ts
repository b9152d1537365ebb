// Seasons and the funnel (decision 068): a season ('SS27') is a pre-order window, optionally with a window of its own
// for an FC70 brand; the funnel counts what the pipeline's history shows for a period or a season.
import { z } from 'zod';
import { id } from './ids';
import { rule } from './text';
import { PIPELINE_STATUSES, NOT_INTERESTED_REASONS } from './pipeline';

/** A real calendar day, YYYY-MM-DD (2026-02-30 is refused here, not by the database). */
const day = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, rule('date_format'))
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
  }, rule('date_format'));
const window = { startsOn: day, endsOn: day };
const inOrder = <T extends { startsOn: string; endsOn: string }>(w: T) => w.startsOn <= w.endsOn;
const windowInOrder = { ...rule('period_reversed'), path: ['endsOn'] };

/** A brand whose pre-order window differs from the season's. */
export const seasonBrandWindow = z.object({ brandId: id, ...window }).refine(inOrder, windowInOrder);
export const seasonInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .regex(/^[\p{L}\p{N} _-]+$/u),
    ...window,
    brandWindows: z.array(seasonBrandWindow).max(100).default([]),
  })
  .refine(inOrder, windowInOrder)
  .refine((s) => new Set(s.brandWindows.map((w) => w.brandId)).size === s.brandWindows.length, {
    ...rule('nothing_to_change'),
    path: ['brandWindows'],
  });
export type SeasonInput = z.input<typeof seasonInput>;

export const season = z.object({
  id: z.number().int(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  brandWindows: z.array(z.object({ brandId: z.number().int(), brandName: z.string(), startsOn: z.string(), endsOn: z.string() })),
});
export type Season = z.infer<typeof season>;

/** A window still open for a brand a shop is interested in or in talks about: how many days are left. */
export const windowLeft = z.object({ season: z.string(), endsOn: z.string(), daysLeft: z.number().int() });
export type WindowLeft = z.infer<typeof windowLeft>;

const entered = z.object(
  Object.fromEntries(PIPELINE_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof PIPELINE_STATUSES)[number], z.ZodNumber>,
);
const funnelFigures = {
  /** Shops that entered each stage in the period (a shop counts once per stage). */
  entered,
  /** Of the shops that became interested in the period, the share (0–1) that became a customer in it; null: none interested. */
  conversion: z.number().nullable(),
  /** The median of the days from a shop's first visit to it becoming a customer, for those in the period. */
  medianDaysToCustomer: z.number().nullable(),
};
export const overviewFunnel = z.object({
  total: z.object(funnelFigures),
  brands: z.array(z.object({ brandId: z.number().int(), brandName: z.string(), ...funnelFigures })),
  /** Per rep: the changes she made (a visit of hers, or her own word); the import's are in the totals only. */
  reps: z.array(z.object({ employeeId: z.number().int(), employeeName: z.string(), ...funnelFigures })),
  /** Why shops said no in the period, most said first. */
  reasons: z.array(z.object({ reason: z.enum(NOT_INTERESTED_REASONS), shops: z.number().int() })),
});
export type OverviewFunnel = z.infer<typeof overviewFunnel>;
