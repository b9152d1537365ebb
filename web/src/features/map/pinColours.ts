// A status's colour on the map: the pipeline's own badge colours (the contract's, as features/pipeline's badge), so a pin and the shop page's
// badge say the same; a shop whose status the device does not know is white with a dashed edge.
import { STATUS_VARIANT } from '@prospectie/contract/pipeline';
import type { MapStatus } from './mapPoints';

export const statusColour = (status: MapStatus) => (status === 'unknown' ? '#fff' : `var(--bs-${STATUS_VARIANT[status]})`);

/** A pin's or a legend swatch's look: its colour, and a dashed edge where the status is not known (white like a prospect's). */
export const statusLook = (status: MapStatus) => ({
  backgroundColor: statusColour(status),
  borderStyle: status === 'unknown' ? 'dashed' : undefined,
});
