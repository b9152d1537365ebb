import { nl } from '../../i18n/nl';

export function ProspectionDetailPage() {
  return <h1 className="h3">{nl.prospections.detailTitle}</h1>;
}
