import { useMe } from '../../api/session';
import { nl } from '../../i18n/nl';

export function HomePage() {
  const me = useMe();
  const employee = me.data?.employee;
  if (!employee) {
    return (
      <section>
        <p className="alert alert-warning" role="alert">{nl.auth.userNotFound}</p>
      </section>
    );
  }
  return (
    <section>
      <h1 className="h3">{nl.home.greeting(employee.firstName || me.data!.user.login)}</h1>
    </section>
  );
}
