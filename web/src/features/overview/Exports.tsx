import { API_ROOT } from '@prospectie/contract/endpoint';
import { callPath } from '../../api/call';
import { CardSection } from '../../components/CardSection';
import { nlOverview as t } from '../../i18n/nlOverview';
import { overviewEndpoints } from './api';
import { apiQuery, type OverviewView } from './period';

/** The filtered visits as a file: the browser downloads what the API streams. */
export function Exports({ view, own }: { view: OverviewView; own: boolean }) {
  const endpoints = overviewEndpoints(own);
  const input = { query: apiQuery(view.query, own) };
  return (
    <CardSection titleId="overview-exports" title={t.exports} intro={t.exportsIntro} className="mb-3">
      <div className="d-flex flex-wrap gap-2">
        <a className="btn btn-outline-primary action-button" href={API_ROOT + callPath(endpoints.xlsx, input)} download>
          {t.exportXlsx}
        </a>
        <a className="btn btn-outline-primary action-button" href={API_ROOT + callPath(endpoints.csv, input)} download>
          {t.exportCsv}
        </a>
      </div>
    </CardSection>
  );
}
