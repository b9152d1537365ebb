// Adding a person or changing one: login, first name, name and the roles besides medewerker. A refusal shows
// on the field it concerns, else above the buttons.
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { ASSIGNABLE_ROLES, type AdminPerson, type AdminPersonUpdate } from '@prospectie/contract';
import { apiErrorText } from '../../api/client';
import { nl } from '../../i18n/nl';
import { useSavePerson } from './api';
import { refusedField } from './parts';
import { personName } from './personName';

const t = nl.admin.people;

type Role = (typeof ASSIGNABLE_ROLES)[number];
type Field = 'login' | 'firstName' | 'name' | 'roles';
type Values = { login: string; firstName: string; name: string; roles: Role[] };

/** What the form refuses before asking the server: empty fields, a login with spaces or too short. */
export function checkPerson(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const login = values.login.trim();
  if (!login) errors.login = nl.admin.required;
  else if (login.length < 3 || /\s/.test(login)) errors.login = t.loginInvalid;
  if (!values.firstName.trim()) errors.firstName = nl.admin.required;
  if (!values.name.trim()) errors.name = nl.admin.required;
  return errors;
}

/** Only what changed goes to the server; nothing when nothing did. */
function changes(person: AdminPerson, values: Values): AdminPersonUpdate {
  const body: AdminPersonUpdate = {};
  if (values.login.trim() !== person.login) body.login = values.login.trim();
  if (values.firstName.trim() !== (person.firstName ?? '')) body.firstName = values.firstName.trim();
  if (values.name.trim() !== (person.name ?? '')) body.name = values.name.trim();
  if ([...values.roles].sort().join() !== [...person.roles].sort().join()) body.roles = values.roles;
  return body;
}

export function PersonDialog({
  person,
  onClose,
  onSaved,
}: {
  /** The person to change; absent to add one. */
  person?: AdminPerson;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const id = useId();
  const save = useSavePerson();
  const [values, setValues] = useState<Values>({
    login: person?.login ?? '',
    firstName: person?.firstName ?? '',
    name: person?.name ?? '',
    roles: person ? [...person.roles] : [],
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const set = (field: Exclude<Field, 'roles'>) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
  };
  const toggleRole = (role: Role) => {
    setValues((v) => ({ ...v, roles: v.roles.includes(role) ? v.roles.filter((r) => r !== role) : [...v.roles, role] }));
    setErrors((errs) => ({ ...errs, roles: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const found = checkPerson(values);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const body = person
      ? changes(person, values)
      : { ...values, login: values.login.trim(), firstName: values.firstName.trim(), name: values.name.trim() };
    if (person && Object.keys(body).length === 0) return onClose();
    save.mutate(
      { userId: person?.userId, body },
      {
        onSuccess: (saved) => onSaved((person ? t.saved : t.added)(personName(saved ?? { ...values, login: values.login }))),
        onError: (err) => {
          const field = refusedField(err) as Field | undefined;
          if (field && ['login', 'firstName', 'name', 'roles'].includes(field)) {
            setErrors({ [field]: apiErrorText(err) });
            document.getElementById(`${id}-${field}`)?.focus();
          } else setGeneral(apiErrorText(err));
        },
      },
    );
  };

  const textField = (
    field: Exclude<Field, 'roles'>,
    label: string,
    props: { autoComplete?: string; help?: string; autoFocus?: boolean; type?: string },
  ) => (
    <Form.Group className="mb-3" controlId={`${id}-${field}`}>
      <Form.Label>
        {label} <span className="text-body-secondary small">({nl.admin.requiredMark})</span>
      </Form.Label>
      <Form.Control
        type={props.type ?? 'text'}
        value={values[field]}
        onChange={set(field)}
        maxLength={field === 'login' ? 320 : 100}
        autoComplete={props.autoComplete ?? 'off'}
        autoFocus={props.autoFocus}
        isInvalid={!!errors[field]}
        aria-invalid={!!errors[field] || undefined}
        aria-describedby={
          [errors[field] && `${id}-${field}-error`, props.help && `${id}-${field}-help`].filter(Boolean).join(' ') || undefined
        }
      />
      {props.help && (
        <Form.Text id={`${id}-${field}-help`} className="d-block">
          {props.help}
        </Form.Text>
      )}
      {errors[field] && (
        <Form.Control.Feedback type="invalid" id={`${id}-${field}-error`}>
          {errors[field]}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );

  const title = person ? t.editTitle(personName(person)) : t.addTitle;
  return (
    <Modal show onHide={save.isPending ? () => undefined : onClose} centered aria-labelledby={`${id}-title`}>
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton={!save.isPending} closeLabel={nl.admin.close}>
          <Modal.Title as="h2" className="h5" id={`${id}-title`}>
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {textField('login', t.login, { type: 'email', autoComplete: 'off', help: t.loginHelp, autoFocus: true })}
          {textField('firstName', t.firstName, {})}
          {textField('name', t.name, {})}
          <fieldset aria-describedby={`${id}-roles-help${errors.roles ? ` ${id}-roles-error` : ''}`} id={`${id}-roles`} tabIndex={-1}>
            <legend className="form-label fs-6 mb-1">{t.roles}</legend>
            <Form.Text id={`${id}-roles-help`} className="d-block mb-1">
              {t.rolesHelp}
            </Form.Text>
            {ASSIGNABLE_ROLES.map((role) => (
              <Form.Check
                key={role}
                id={`${id}-role-${role}`}
                type="checkbox"
                label={nl.admin.roleNames[role]}
                checked={values.roles.includes(role)}
                onChange={() => toggleRole(role)}
                isInvalid={!!errors.roles}
              />
            ))}
            {errors.roles && (
              <div className="invalid-feedback d-block" id={`${id}-roles-error`}>
                {errors.roles}
              </div>
            )}
          </fieldset>
          {general && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {general}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" className="action-button" onClick={onClose} disabled={save.isPending}>
            {nl.admin.cancel}
          </Button>
          <Button type="submit" variant="primary" className="action-button" disabled={save.isPending}>
            {save.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {person ? nl.admin.save : t.create}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
