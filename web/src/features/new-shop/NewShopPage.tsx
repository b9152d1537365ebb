// The new-shop wizard (spec §2): one step 'Info', the checks of §5 before one registration call, then the new shop.
import { useMemo, useState } from 'react';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import Select, { type StylesConfig } from 'react-select';
import type { City, NamedItem } from '@prospectie/contract';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { useMe } from '../../api/session';
import { LoadError } from '../../components/LoadError';
import { sentNoticeState } from '../../components/SentNotice';
import { SubmitErrorAlert } from '../../components/SubmitErrorAlert';
import { useUnsavedChangesGuard } from '../../hooks/useUnsavedChangesGuard';
import { nl } from '../../i18n/nl';
import { nlNewShop } from '../../i18n/nlNewShop';
import { selectTexts } from '../../lib/selectTexts';
import { useOutbox } from '../../offline/useOutbox';
import { useRefusedDraft } from '../../offline/useRefusedDraft';
import { useSendOrKeep } from '../../offline/useSendOrKeep';
import { useCities, useCountries, useRegisterShop } from './api';
import {
  emptyNewShopForm,
  isNewShopDirty,
  newShopProblems,
  postalCodes,
  sortCitiesByName,
  toRegistration,
  withCity,
  withCountry,
  withPostalCode,
  type NewShopField,
  type NewShopForm,
  type NewShopProblem,
} from './newShopRules';

const t = nlNewShop;
const MAX_MENU_HEIGHT = 200;
const selectProps = {
  ...selectTexts,
  maxMenuHeight: MAX_MENU_HEIGHT,
  isClearable: true,
  // styles.css sizes .app-select__control for a thumb on a phone.
  classNamePrefix: 'app-select',
};
/** The placeholder dark enough to read (axe); a select with a problem gets Bootstrap's invalid border, as the text fields do. */
function selectStyles<T>(invalid: boolean): StylesConfig<T, false> {
  const red = 'var(--bs-form-invalid-border-color)';
  return {
    placeholder: (base) => ({ ...base, color: '#595c5f' }),
    ...(invalid && { control: (base) => ({ ...base, borderColor: red, '&:hover': { borderColor: red } }) }),
  };
}

/** The ids that tie a field to its message. */
const errorId = (field: NewShopField) => `shop-${field}-error`;

/** A field's message under it (the field itself gets aria-invalid and the red border). */
function FieldProblem({ field, problems }: { field: NewShopField; problems: NewShopProblem[] }) {
  const problem = problems.find((p) => p.field === field);
  if (!problem) return null;
  return (
    <div className="invalid-feedback d-block" id={errorId(field)}>
      {problem.message}
    </div>
  );
}

/** The props that mark a text field with a problem. */
function invalidProps(field: NewShopField, problems: NewShopProblem[]) {
  const invalid = problems.some((p) => p.field === field);
  return { isInvalid: invalid, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId(field) : undefined };
}

/** The props that mark a select with a problem. */
function invalidSelectProps<T>(field: NewShopField, problems: NewShopProblem[]) {
  const invalid = problems.some((p) => p.field === field);
  return {
    'aria-invalid': invalid || undefined,
    'aria-errormessage': invalid ? errorId(field) : undefined,
    styles: selectStyles<T>(invalid),
  };
}

function RequiredMark() {
  return (
    <>
      <span className="text-danger" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="visually-hidden"> ({t.required})</span>
    </>
  );
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return nl.errors.offline;
    if (error.status >= 400 && error.status < 500) return apiErrorText(error);
  }
  return nl.errors.generic;
}

export function NewShopPage() {
  const me = useMe();
  const navigate = useNavigate();
  const outbox = useOutbox();
  // A new shop the server refused after it waited offline comes back filled in, with the server's message.
  const refused = useRefusedDraft<NewShopForm>('shop', me.data?.user.id);
  const [form, setForm] = useState<NewShopForm>(() => refused.draft ?? emptyNewShopForm);
  const registration = useSendOrKeep({ errorText: failureMessage, initialError: refused.message });
  // What the last Verzenden found; a field's problem goes as soon as that field changes.
  const [problems, setProblems] = useState<NewShopProblem[]>([]);
  // Their summary above the form can be closed; the fields stay marked.
  const [summaryClosed, setSummaryClosed] = useState(false);
  const countries = useCountries();
  const cities = useCities(form.country?.id);
  const register = useRegisterShop();
  const guard = useUnsavedChangesGuard(isNewShopDirty(form) && !registration.sending);

  const sortedCities = useMemo(() => sortCitiesByName(cities.data ?? []), [cities.data]);
  const codes = useMemo(() => postalCodes(sortedCities), [sortedCities]);
  const noCities = cities.isSuccess && cities.data.length === 0;
  /** Applies a change of `field` and forgets that field's problem. */
  const change = (field: NewShopField, next: (form: NewShopForm) => NewShopForm) => {
    setForm(next);
    setProblems((all) => all.filter((p) => p.field !== field));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = newShopProblems(form, me.data?.user.id, form.country ? cities.data : undefined);
    setProblems(found);
    setSummaryClosed(false);
    registration.dismissError();
    if (found.length > 0) return;
    const body = toRegistration(form);
    registration.sendOrKeep<{ id: number }>({
      send: (idempotencyKey, outcome) => register.mutate({ body, idempotencyKey }, outcome),
      keep: (idempotencyKey) => outbox.queueShop({ userId: me.data!.user.id, idempotencyKey, body, draft: form }),
      onSent: ({ id }) => {
        refused.forget();
        navigate(`/shop/${id}`, { replace: true, state: sentNoticeState('shop') });
      },
      onKept: () => {
        refused.forget();
        navigate('/home', { replace: true, state: sentNoticeState('shopQueued') });
      },
    });
  };

  return (
    <section className="new-shop">
      <h1 className="h3">{t.title}</h1>
      <p className="text-body-secondary mb-3">
        <span className="badge text-bg-primary me-2">{t.step}</span>
        {t.stepOf(1, 1)}
      </p>
      {registration.error && (
        <SubmitErrorAlert
          message={registration.error}
          closeLabel={t.close}
          onClose={registration.dismissError}
          sendLater={registration.sendLater}
        />
      )}
      {problems.length > 0 && !summaryClosed && (
        <SubmitErrorAlert message={problems.map((p) => p.message).join(' ')} closeLabel={t.close} onClose={() => setSummaryClosed(true)} />
      )}
      {/* A failed refresh of a list already on the device does not stop the form: the kept list serves. */}
      {countries.isError && countries.data === undefined && <LoadError error={countries.error} onRetry={() => countries.refetch()} />}
      {cities.isError && cities.data === undefined && <LoadError error={cities.error} onRetry={() => cities.refetch()} />}
      <Form noValidate onSubmit={submit} className="card card-body">
        <Form.Group controlId="shop-name" className="mb-3">
          <Form.Label>
            {t.name}
            <RequiredMark />
          </Form.Label>
          <Form.Control
            value={form.name}
            placeholder={t.namePlaceholder}
            maxLength={TEXT_LIMITS.shopName}
            aria-required="true"
            {...invalidProps('name', problems)}
            onChange={(e) => change('name', (f) => ({ ...f, name: e.target.value }))}
          />
          <FieldProblem field="name" problems={problems} />
        </Form.Group>
        <div className="mb-3">
          <label htmlFor="shop-country" className="form-label">
            {t.country}
            <RequiredMark />
          </label>
          <Select<NamedItem, false>
            inputId="shop-country"
            {...selectProps}
            {...invalidSelectProps<NamedItem>('country', problems)}
            aria-required
            options={countries.data ?? []}
            isLoading={countries.isPending}
            value={form.country}
            getOptionValue={(c) => String(c.id)}
            getOptionLabel={(c) => c.name}
            onChange={(country) => change('country', (f) => withCountry(f, country))}
          />
          <FieldProblem field="country" problems={problems} />
        </div>
        {noCities && (
          <Alert variant="warning" className="mb-3">
            {t.noCities}
          </Alert>
        )}
        <div className="row g-3 mb-3">
          <Form.Group controlId="shop-street" className="col-12 col-md-6">
            <Form.Label>{t.street}</Form.Label>
            <Form.Control
              value={form.street}
              maxLength={TEXT_LIMITS.street}
              autoComplete="address-line1"
              onChange={(e) => setForm((f) => ({ ...f, street: e.target.value }))}
            />
          </Form.Group>
          <Form.Group controlId="shop-number" className="col-6 col-md-3">
            <Form.Label>{t.houseNumber}</Form.Label>
            <Form.Control
              type="number"
              min={1}
              inputMode="numeric"
              value={form.houseNumber}
              {...invalidProps('houseNumber', problems)}
              onChange={(e) => change('houseNumber', (f) => ({ ...f, houseNumber: e.target.value }))}
            />
            <FieldProblem field="houseNumber" problems={problems} />
          </Form.Group>
          <Form.Group controlId="shop-addition" className="col-6 col-md-3">
            <Form.Label>{t.addition}</Form.Label>
            <Form.Control
              value={form.addition}
              placeholder={t.additionPlaceholder}
              maxLength={TEXT_LIMITS.addition}
              onChange={(e) => setForm((f) => ({ ...f, addition: e.target.value }))}
            />
          </Form.Group>
        </div>
        <div className="row g-3 mb-4">
          <div className="col-12 col-md-4">
            <label htmlFor="shop-postal-code" className="form-label">
              {t.postalCode}
            </label>
            <Select<{ value: string }, false>
              inputId="shop-postal-code"
              {...selectProps}
              styles={selectStyles<{ value: string }>(false)}
              options={codes.map((value) => ({ value }))}
              isDisabled={!form.country || noCities}
              isLoading={cities.isFetching}
              value={form.postalCode ? { value: form.postalCode } : null}
              getOptionValue={(o) => o.value}
              getOptionLabel={(o) => o.value}
              onChange={(o) => change('city', (f) => withPostalCode(f, sortedCities, o?.value ?? null))}
            />
          </div>
          <div className="col-12 col-md-8">
            <label htmlFor="shop-city" className="form-label">
              {t.city}
              <RequiredMark />
            </label>
            <Select<City, false>
              inputId="shop-city"
              {...selectProps}
              {...invalidSelectProps<City>('city', problems)}
              aria-required
              options={sortedCities}
              isDisabled={!form.country || noCities}
              isLoading={cities.isFetching}
              value={form.city}
              getOptionValue={(c) => String(c.id)}
              getOptionLabel={(c) => c.name}
              onChange={(city) => change('city', (f) => withCity(f, city))}
            />
            <FieldProblem field="city" problems={problems} />
          </div>
        </div>
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" className="action-button" disabled>
            {t.previous}
          </Button>
          <Button type="submit" variant="primary" className="action-button ms-auto" disabled={registration.sending}>
            {registration.sending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {registration.sending ? t.submitting : t.submit}
          </Button>
        </div>
      </Form>
      {guard}
    </section>
  );
}
