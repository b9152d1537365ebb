import { nl } from '../../i18n/nl';

export function ReportPage() {
  return <h1 className="h3">{nl.report.title}</h1>;
}
