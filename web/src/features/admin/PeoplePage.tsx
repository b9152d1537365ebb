// Medewerkers (/beheer/medewerkers): search, filter on status, add, change, deactivate and reactivate. A table on a
// wide screen, a list of cards on a phone.
import { useState } from 'react';
import { Badge, Button, ButtonGroup, Form, Table } from 'react-bootstrap';
import type { AdminPerson } from '@prospectie/contract';
import { apiErrorText } from '../../api/errorText';
import { useMe } from '../../api/session';
import { nlAdmin } from '../../i18n/nlAdmin';
import { usePeople, useSavePerson, type PeopleStatus } from './api';
import { ListPage, LoadedList } from './ListPage';
import { ChangeNotice, ConfirmDialog, ListCard, RowButton, useLastShown, useSettled, type Notice } from './parts';
import { PersonDialog } from './PersonDialog';
import { personName } from './personName';

const t = nlAdmin.people;
const STATUSES: PeopleStatus[] = ['active', 'inactive', 'all'];

const rolesText = (person: AdminPerson) => [nlAdmin.roleNames.medewerker, ...person.roles.map((r) => nlAdmin.roleNames[r])].join(', ');

function StatusBadge({ active }: { active: boolean }) {
  return <Badge bg={active ? 'success' : 'secondary'}>{active ? t.active : t.inactive}</Badge>;
}

interface RowProps {
  person: AdminPerson;
  self: boolean;
  busy: boolean;
  onEdit: () => void;
  onDeactivate: () => void;
  onReactivate: () => void;
}

function PersonActions({ person, self, busy, onEdit, onDeactivate, onReactivate }: RowProps) {
  const name = personName(person);
  return (
    <div className="d-flex flex-wrap gap-2 admin-actions">
      <RowButton label={t.edit} name={t.editLabel(name)} variant="primary" onClick={onEdit} />
      {person.active ? (
        !self && <RowButton label={t.deactivate} name={t.deactivateLabel(name)} variant="danger" onClick={onDeactivate} />
      ) : (
        <RowButton label={t.reactivate} name={t.reactivateLabel(name)} variant="success" busy={busy} onClick={onReactivate} />
      )}
    </div>
  );
}

/** Her login, and the address her mail goes to when the administration set one. */
function LoginText({ person }: { person: AdminPerson }) {
  return (
    <>
      <span className="d-block text-break">{person.login}</span>
      {person.email && <span className="d-block small text-body-secondary text-break">{t.emailShown(person.email)}</span>}
    </>
  );
}

function NameCell({ person, self }: { person: AdminPerson; self: boolean }) {
  return (
    <>
      <span className="fw-semibold">{personName(person)}</span>
      {self && <span className="text-body-secondary"> {t.you}</span>}
      {person.employeeId === null && <span className="d-block small fw-normal text-body-secondary">{t.noEmployee}</span>}
    </>
  );
}

function PeopleTable({ people, row }: { people: AdminPerson[]; row: (person: AdminPerson) => RowProps }) {
  return (
    <Table responsive hover className="admin-table align-middle bg-white">
      <thead>
        <tr>
          <th scope="col">{t.columns.name}</th>
          <th scope="col">{t.columns.login}</th>
          <th scope="col">{t.columns.roles}</th>
          <th scope="col">{t.columns.status}</th>
          <th scope="col">{t.columns.actions}</th>
        </tr>
      </thead>
      <tbody>
        {people.map((person) => {
          const props = row(person);
          return (
            <tr key={person.userId}>
              <th scope="row" className="fw-normal">
                <NameCell person={person} self={props.self} />
              </th>
              <td>
                <LoginText person={person} />
              </td>
              <td>{rolesText(person)}</td>
              <td>
                <StatusBadge active={person.active} />
              </td>
              <td>
                <PersonActions {...props} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

function PeopleCards({ people, row }: { people: AdminPerson[]; row: (person: AdminPerson) => RowProps }) {
  return (
    <ul className="list-unstyled admin-cards">
      {people.map((person) => {
        const props = row(person);
        return (
          <ListCard
            key={person.userId}
            title={<NameCell person={person} self={props.self} />}
            status={<StatusBadge active={person.active} />}
          >
            <div className="small">
              <LoginText person={person} />
            </div>
            <div className="small text-body-secondary mb-2">{rolesText(person)}</div>
            <PersonActions {...props} />
          </ListCard>
        );
      })}
    </ul>
  );
}

export function PeoplePage() {
  const me = useMe();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<PeopleStatus>('active');
  const q = useSettled(query.trim());
  const people = usePeople(q, status);
  const activation = useSavePerson();
  const [editing, setEditing] = useState<AdminPerson | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<AdminPerson | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const setActive = (person: AdminPerson, active: boolean) =>
    activation.mutate(
      { userId: person.userId, body: { active } },
      {
        onSuccess: () => {
          setDeactivating(null);
          setNotice({ ok: true, text: (active ? t.reactivated : t.deactivated)(personName(person)) });
        },
        // A refused deactivation shows in its dialog; a refused reactivation here.
        onError: (err) => !active || setNotice({ ok: false, text: apiErrorText(err) }),
      },
    );

  const row = (person: AdminPerson): RowProps => ({
    person,
    self: person.userId === me.data?.user.id,
    busy: activation.isPending && activation.variables?.userId === person.userId,
    onEdit: () => setEditing(person),
    onDeactivate: () => {
      activation.reset();
      setDeactivating(person);
    },
    onReactivate: () => setActive(person, true),
  });

  const list = people.data ?? [];
  const asked = useLastShown(deactivating);
  return (
    <ListPage titleId="admin-people-title" title={t.title} addLabel={t.add} onAdd={() => setEditing('new')}>
      <div className="d-flex flex-wrap align-items-end gap-3 my-3">
        <Form.Group controlId="admin-people-search" className="admin-search">
          <Form.Label className="mb-1">{t.searchLabel}</Form.Label>
          <Form.Control type="search" value={query} placeholder={t.searchPlaceholder} onChange={(e) => setQuery(e.target.value)} />
        </Form.Group>
        <div role="group" aria-label={t.statusLabel}>
          <ButtonGroup>
            {STATUSES.map((s) => (
              <Button
                key={s}
                className="action-button"
                variant={status === s ? 'primary' : 'outline-primary'}
                aria-pressed={status === s}
                onClick={() => setStatus(s)}
              >
                {t.statuses[s]}
              </Button>
            ))}
          </ButtonGroup>
        </div>
      </div>
      <ChangeNotice notice={notice} onClose={() => setNotice(null)} />
      <LoadedList
        query={people}
        count={list.length}
        loadingText={t.loading}
        status={list.length === 0 ? (q ? t.noMatch(q) : t.empty[status]) : t.count(list.length)}
        cards={<PeopleCards people={list} row={row} />}
        table={<PeopleTable people={list} row={row} />}
      />
      {editing && (
        <PersonDialog
          person={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setNotice({ ok: true, text });
          }}
        />
      )}
      <ConfirmDialog
        show={deactivating !== null}
        title={asked ? t.deactivateTitle(personName(asked)) : ''}
        confirmLabel={t.deactivate}
        pending={activation.isPending}
        error={activation.error}
        onConfirm={() => asked && setActive(asked, false)}
        onCancel={() => setDeactivating(null)}
      >
        <p className="mb-0">{asked ? t.deactivateText(personName(asked)) : null}</p>
      </ConfirmDialog>
    </ListPage>
  );
}
