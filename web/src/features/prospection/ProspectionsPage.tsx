import { nl } from '../../i18n/nl';

export function ProspectionsPage() {
  return <h1 className="h3">{nl.prospections.overviewTitle}</h1>;
}
