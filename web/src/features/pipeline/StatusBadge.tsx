// A status as a coloured label: the furthest stages stand out, a 'no' and a stop read as such.
import { Badge } from 'react-bootstrap';
import { darkTextOn, STATUS_VARIANT, type PipelineStatus } from '@prospectie/contract/pipeline';
import { nlPipeline } from '../../i18n/nlPipeline';

export function StatusBadge({ status }: { status: PipelineStatus | 'prospect' }) {
  return (
    <Badge bg={STATUS_VARIANT[status]} text={darkTextOn(status) ? 'dark' : undefined}>
      {nlPipeline.status[status]}
    </Badge>
  );
}
