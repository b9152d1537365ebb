// Overzicht (decision 033): the team's visits, coverage, to-dos, brands and funnel for a manager or administrator, and the same
// figures of her own work (Mijn overzicht) for every rep. The period and filters live in the address.
// Each section is a file beside this one, imported only from here, so all of it stays the overview's own lazy chunk
// (app/router.tsx).
import { useSearchParams } from 'react-router';
import { useMe } from '../../api/session';
import { seesTheTeam } from '@prospectie/contract/roles';
import { Loading } from '../../components/Loading';
import { nlOverview as t } from '../../i18n/nlOverview';
import { Brands } from './Brands';
import { Coverage } from './Coverage';
import { Exports } from './Exports';
import { Filters } from './Filters';
import { Funnel } from './Funnel';
import { brusselsToday } from '@prospectie/contract/dates';
import { searchFromView, viewFromSearch, type OverviewView } from './period';
import { Todos } from './Todos';
import { Visits } from './Visits';

export function OverviewPage() {
  const me = useMe();
  const team = seesTheTeam(me.data?.roles);
  const [search, setSearch] = useSearchParams();
  const view = viewFromSearch(search, brusselsToday());
  const onChange = (next: OverviewView) => setSearch(searchFromView(next, brusselsToday()), { replace: true });
  // Until her roles are known a manager is not yet one: asking then would fetch Mijn overzicht and switch after.
  if (me.isPending) return <Loading text={t.loading} />;
  const own = !team;
  return (
    <section>
      <h1 className="h3">{team ? t.teamTitle : t.ownTitle}</h1>
      {own && <p className="text-body-secondary">{t.ownIntro}</p>}
      <Filters view={view} team={team} onChange={onChange} />
      <Visits view={view} own={own} />
      <Coverage view={view} own={own} />
      <Todos view={view} own={own} />
      <Brands view={view} own={own} />
      <Funnel view={view} own={own} onChange={onChange} />
      <Exports view={view} own={own} />
    </section>
  );
}
