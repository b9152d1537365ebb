// How the overview writes a share and a figure that may be missing.
import { nlOverview as t } from '../../i18n/nlOverview';
import { formatCount, formatSellout } from '../../lib/format';

/** A share (0–1) as a percentage the Flemish way, one decimal at most (33,3%); '–' when there is none. */
export const formatShare = (share: number | null) => (share === null ? t.noFigure : formatSellout(Math.round(share * 1000) / 10));

/** A count, or '–' when there is none (a median of no shops). */
export const formatCountOrNone = (n: number | null) => (n === null ? t.noFigure : formatCount(n));
