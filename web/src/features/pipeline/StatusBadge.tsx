// A status as a coloured label: the furthest stages stand out, a 'no' and a stop read as such.
import { Badge } from 'react-bootstrap';
import type { PipelineStatus } from '@prospectie/contract/pipeline';
import { nlPipeline } from '../../i18n/nlPipeline';

/** Each status's Bootstrap colour: the badge's, and the map's pins (features/map). */
export const STATUS_VARIANT: Record<PipelineStatus | 'prospect', string> = {
  prospect: 'light',
  visited: 'secondary',
  interested: 'info',
  negotiating: 'warning',
  customer: 'success',
  not_interested: 'dark',
  stopped: 'danger',
};

export function StatusBadge({ status }: { status: PipelineStatus | 'prospect' }) {
  return (
    <Badge
      bg={STATUS_VARIANT[status]}
      text={status === 'prospect' || status === 'negotiating' || status === 'interested' ? 'dark' : undefined}
    >
      {nlPipeline.status[status]}
    </Badge>
  );
}
