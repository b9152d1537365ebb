// Adding a person or changing one: login, first name, name, the address for her mail when it is not her login, and
// the roles besides medewerker. A refusal shows on the field it concerns, else above the buttons.
import { useId, useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { Form } from 'react-bootstrap';
import { ASSIGNABLE_ROLES, mailAddress, type AdminPerson, type AdminPersonUpdate } from '@prospectie/contract';
import { apiErrorText } from '../../api/errorText';
import { nlAdmin } from '../../i18n/nlAdmin';
import { useSavePerson } from './api';
import { FormDialog, refusedField, TextInput } from './parts';
import { personName } from './personName';

const t = nlAdmin.people;

type Role = (typeof ASSIGNABLE_ROLES)[number];
type Field = 'login' | 'firstName' | 'name' | 'email' | 'roles';
const FIELDS: readonly string[] = ['login', 'firstName', 'name', 'email', 'roles'] satisfies Field[];
type Values = { login: string; firstName: string; name: string; email: string; roles: Role[] };

/** The address for her mail as the server keeps it: null when the field is empty (her login serves then). */
const emailOf = (values: Values) => (values.email.trim() ? mailAddress.parse(values.email) : null);

/** What the form refuses before asking the server: empty fields, a login with spaces or too short, an address that is none. */
export function checkPerson(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const login = values.login.trim();
  if (!login) errors.login = nlAdmin.required;
  else if (login.length < 3 || /\s/.test(login)) errors.login = t.loginInvalid;
  if (!values.firstName.trim()) errors.firstName = nlAdmin.required;
  if (!values.name.trim()) errors.name = nlAdmin.required;
  if (values.email.trim() && !mailAddress.safeParse(values.email).success) errors.email = t.emailInvalid;
  return errors;
}

/** Only what changed goes to the server; nothing when nothing did. */
function changes(person: AdminPerson, values: Values): AdminPersonUpdate {
  const body: AdminPersonUpdate = {};
  if (values.login.trim() !== person.login) body.login = values.login.trim();
  if (values.firstName.trim() !== (person.firstName ?? '')) body.firstName = values.firstName.trim();
  if (values.name.trim() !== (person.name ?? '')) body.name = values.name.trim();
  if (emailOf(values) !== person.email) body.email = emailOf(values);
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
    email: person?.email ?? '',
    roles: person ? [...person.roles] : [],
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const set = (field: Exclude<Field, 'roles'>) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
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
      : {
          ...values,
          login: values.login.trim(),
          firstName: values.firstName.trim(),
          name: values.name.trim(),
          email: emailOf(values),
        };
    if (person && Object.keys(body).length === 0) return onClose();
    save.mutate(
      { userId: person?.userId, body },
      {
        onSuccess: (saved) => onSaved((person ? t.saved : t.added)(personName(saved ?? { ...values, login: values.login }))),
        onError: (err) => {
          const field = refusedField(err) as Field | undefined;
          if (field && FIELDS.includes(field)) {
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
    props: { help?: string; autoFocus?: boolean; type?: 'email'; optional?: boolean } = {},
  ) => (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={`${id}-${field}`}>
        {label} <span className="text-body-secondary small">({props.optional ? t.optionalMark : nlAdmin.requiredMark})</span>
      </Form.Label>
      <TextInput
        id={`${id}-${field}`}
        type={props.type}
        value={values[field]}
        onChange={set(field)}
        maxLength={field === 'login' || field === 'email' ? TEXT_LIMITS.login : TEXT_LIMITS.name}
        autoFocus={props.autoFocus}
        help={props.help}
        error={errors[field]}
      />
    </Form.Group>
  );

  return (
    <FormDialog
      title={person ? t.editTitle(personName(person)) : t.addTitle}
      pending={save.isPending}
      problem={general}
      submitLabel={person ? nlAdmin.save : t.create}
      onSubmit={submit}
      onCancel={onClose}
    >
      {textField('login', t.login, { type: 'email', help: t.loginHelp, autoFocus: true })}
      {textField('firstName', t.firstName)}
      {textField('name', t.name)}
      {textField('email', t.email, { type: 'email', help: t.emailHelp, optional: true })}
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
            label={nlAdmin.roleNames[role]}
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
    </FormDialog>
  );
}
