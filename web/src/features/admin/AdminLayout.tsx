// The frame of /beheer: only a beheerder gets in (anyone else reads a clear 'Geen toegang'), with the links
// between Medewerkers, Merken, Seizoenen, Importeren, Landen en steden, Liggingen, Logboek and E-mails above the page.
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { hasRole, useMe } from '../../api/session';
import { Loading } from '../../components/Loading';
import { nlAdmin } from '../../i18n/nlAdmin';
import { NoAccess } from './NoAccess';
import './admin.css';

const t = nlAdmin;
const sections = [
  { to: 'medewerkers', label: t.tabs.people },
  { to: 'merken', label: t.tabs.brands },
  { to: 'seizoenen', label: t.tabs.seasons },
  { to: 'importeren', label: t.tabs.imports },
  { to: 'landen', label: t.tabs.places },
  { to: 'liggingen', label: t.tabs.shopPlaces },
  { to: 'logboek', label: t.tabs.log },
  { to: 'e-mails', label: t.tabs.mails },
] as const;

export function AdminLayout() {
  const me = useMe();
  // The shell asks first; on its own (a test, a slow start) the layout waits for the answer instead of refusing.
  if (me.isPending) return <Loading />;
  if (!hasRole(me.data, 'beheerder')) return <NoAccess />;
  return (
    <div className="admin">
      <nav aria-label={t.sections} className="admin-sections mb-3">
        <ul className="nav nav-pills gap-1">
          {sections.map((s) => (
            <li key={s.to} className="nav-item">
              <NavLink to={s.to} className="nav-link action-button">
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
