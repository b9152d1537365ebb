// Where a shop stands for each FC70 brand (docs/decisions/066-pipeline-per-shop-and-brand.md): the codes, in English,
// and the Dutch of statuses and reasons, which the web's screens and the server's export sheets both show. Zod-free, so
// a screen can import the codes without the schemas.

/** The statuses a shop can have for a brand; `prospect` is implicit (no status yet), never stored. */
export const PIPELINE_STATUSES = ['visited', 'interested', 'negotiating', 'customer', 'not_interested', 'stopped'] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

/** A status as a rep reads it, on a screen or in an export; `prospect` too, where a shop has no status yet. */
export const PIPELINE_STATUS_LABELS = {
  prospect: 'Prospect',
  visited: 'Bezocht',
  interested: 'Geïnteresseerd',
  negotiating: 'In gesprek',
  customer: 'Klant',
  not_interested: 'Niet geïnteresseerd',
  stopped: 'Gestopt',
} satisfies Record<PipelineStatus | 'prospect', string>;

/** Each status's Bootstrap colour: its badge's, and the map's pins. */
export const STATUS_VARIANT: Record<PipelineStatus | 'prospect', string> = {
  prospect: 'light',
  visited: 'secondary',
  interested: 'info',
  negotiating: 'warning',
  customer: 'success',
  not_interested: 'dark',
  stopped: 'danger',
};
/** The statuses whose badge needs dark text on its light colour. */
export const darkTextOn = (status: PipelineStatus | 'prospect') =>
  status === 'prospect' || status === 'negotiating' || status === 'interested';

/** Why a shop said no: a short list, with free text beside it. */
export const NOT_INTERESTED_REASONS = ['price', 'assortment', 'competitor', 'no_space', 'timing', 'other'] as const;
export type NotInterestedReason = (typeof NOT_INTERESTED_REASONS)[number];

/** A reason as a rep reads it, on a screen or in an export. */
export const NOT_INTERESTED_REASON_LABELS = {
  price: 'Te duur',
  assortment: 'Past niet bij het assortiment',
  competitor: 'Werkt met een concurrent',
  no_space: 'Geen plaats in de winkel',
  timing: 'Nu niet, misschien later',
  other: 'Andere reden',
} satisfies Record<NotInterestedReason, string>;

/** How far along the way to a customer: a status derived from a visit only moves forward on it. */
export const PIPELINE_STAGE: Record<PipelineStatus, number> = {
  visited: 1,
  interested: 2,
  negotiating: 3,
  customer: 4,
  not_interested: 0,
  stopped: 0,
};

/** What a status change came from: a visit (derived), a rep who set it, the ERP import, or the replay of old visits. */
export const PIPELINE_SOURCES = ['visit', 'rep', 'import', 'replay'] as const;
export type PipelineSource = (typeof PIPELINE_SOURCES)[number];
