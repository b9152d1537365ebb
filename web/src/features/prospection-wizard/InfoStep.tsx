// Step Info: the visit (date, type, reason) and the contact person, with the confirmation ticks of spec §5.
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import type { NamedItem } from '@prospectie/contract';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { nlWizard } from '../../i18n/nlWizard';
import { fetchContactInfo } from './api';
import { Counter, FieldError, RequiredMark } from './fields';
import { brusselsToday } from '@prospectie/contract/dates';
import { CONTACT_FIELDS, contactKey, LIMITS, REASON_MAX, type ContactField, type WizardValues } from './form';
import { confirmedAfterTyping, contactForType, requiresContactConfirmation } from './rules';

const contactLabels: Record<ContactField, string> = {
  name: nlWizard.contactName,
  email: nlWizard.contactEmail,
  phone: nlWizard.contactPhone,
};
const namedOptions = (items: NamedItem[]) =>
  items.map((t) => (
    <option key={t.id} value={t.id}>
      {t.name}
    </option>
  ));
const inputTypes: Record<ContactField, string> = { name: 'text', email: 'email', phone: 'tel' };

export function InfoStep({ shopId, contactTypes, visitTypes }: { shopId: number; contactTypes: NamedItem[]; visitTypes: NamedItem[] }) {
  const { register, setValue, getValues, control, formState } = useFormContext<WizardValues>();
  const [contactTypeId, confirmed, visitContext, loadedContact] = useWatch({
    control,
    name: ['contactTypeId', 'confirmed', 'visitContext', 'loadedContact'],
  });
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState<number | null>(null);
  const needsConfirmation = requiresContactConfirmation(contactTypeId);

  const chooseContactType = async (typeId: number) => {
    const apply = (loaded: Parameters<typeof contactForType>[1]) => {
      for (const [key, value] of Object.entries(contactForType(typeId, loaded))) {
        setValue(key as keyof WizardValues, value as never, { shouldDirty: true });
      }
    };
    setLoadFailed(null);
    apply(null);
    if (!requiresContactConfirmation(typeId)) return;
    setLoading(true);
    try {
      const loaded = await fetchContactInfo(shopId, typeId);
      // The rep may have picked another type while this one loaded.
      if (getValues('contactTypeId') === typeId) apply(loaded);
    } catch {
      setLoadFailed(typeId);
    } finally {
      setLoading(false);
    }
  };

  // Typing confirms a field, clearing it unconfirms (spec §4).
  const typeContact = (field: ContactField, text: string) =>
    setValue(`confirmed.${field}`, confirmedAfterTyping(text), { shouldDirty: true });

  return (
    <>
      <div className="row g-3">
        <Form.Group className="col-12 col-md-4" controlId="field-visitDate">
          <Form.Label>
            {nlWizard.visitDate}
            <RequiredMark />
          </Form.Label>
          <Form.Control
            type="date"
            aria-required
            max={brusselsToday()}
            isInvalid={Boolean(formState.errors.visitDate)}
            aria-invalid={Boolean(formState.errors.visitDate) || undefined}
            aria-describedby={formState.errors.visitDate ? 'visitDate-error' : undefined}
            {...register('visitDate')}
          />
          <FieldError id="visitDate-error" message={formState.errors.visitDate?.message} />
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId="field-visitTypeId">
          <Form.Label>{nlWizard.visitType}</Form.Label>
          <Form.Select {...register('visitTypeId', { valueAsNumber: true })}>{namedOptions(visitTypes)}</Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId="field-contactTypeId">
          <Form.Label>{nlWizard.contactType}</Form.Label>
          <Form.Select value={contactTypeId} onChange={(e) => void chooseContactType(Number(e.target.value))}>
            {namedOptions(contactTypes)}
          </Form.Select>
        </Form.Group>
      </div>

      <fieldset className="mt-4">
        <legend className="h6">{nlWizard.contactPerson}</legend>
        {needsConfirmation && (
          <p className="small text-body-secondary mb-2" id="contact-help">
            {nlWizard.contactHelp}
          </p>
        )}
        {loading && <Loading text={nlWizard.contactLoading} />}
        {loadFailed === contactTypeId && <LoadError onRetry={() => void chooseContactType(contactTypeId)} />}
        {needsConfirmation && !loading && loadFailed === null && loadedContact === null && (
          <Alert variant="info" className="py-2">
            {nlWizard.noContactInfo}
          </Alert>
        )}
        {CONTACT_FIELDS.map((field) => {
          const id = `field-contact-${field}`;
          const error = formState.errors[contactKey[field]];
          // A pre-filled field turns red only after Volgende found it neither ticked nor typed (or too long).
          const unconfirmed = error?.type === 'required' && needsConfirmation && !confirmed[field];
          const refused = error !== undefined && error.type !== 'required';
          const errorId = `${id}-error`;
          return (
            <div key={field} className="mb-3">
              <Form.Label htmlFor={id}>
                {contactLabels[field]}
                {needsConfirmation && <RequiredMark />}
              </Form.Label>
              <div className="d-flex align-items-center gap-3">
                <Form.Control
                  id={id}
                  type={inputTypes[field]}
                  autoComplete="off"
                  maxLength={LIMITS[contactKey[field]]}
                  isInvalid={unconfirmed || refused}
                  aria-invalid={unconfirmed || refused || undefined}
                  aria-required={needsConfirmation || undefined}
                  aria-describedby={[needsConfirmation && 'contact-help', refused && errorId].filter(Boolean).join(' ') || undefined}
                  {...register(contactKey[field], { onChange: (e) => typeContact(field, e.target.value) })}
                />
                {needsConfirmation && (
                  <Form.Check
                    id={`confirm-${field}`}
                    className="text-nowrap mb-0"
                    label={nlWizard.confirm}
                    aria-label={nlWizard.confirmLabel(contactLabels[field])}
                    checked={confirmed[field]}
                    onChange={(e) => setValue(`confirmed.${field}`, e.target.checked, { shouldDirty: true })}
                  />
                )}
              </div>
              <FieldError id={errorId} message={refused ? error.message : undefined} />
            </div>
          );
        })}
      </fieldset>

      <Form.Group className="mt-2" controlId="field-visitContext">
        <Form.Label>{nlWizard.visitContext}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={REASON_MAX}
          aria-describedby={formState.errors.visitContext ? 'visitContext-counter visitContext-error' : 'visitContext-counter'}
          isInvalid={Boolean(formState.errors.visitContext)}
          aria-invalid={Boolean(formState.errors.visitContext) || undefined}
          {...register('visitContext')}
        />
        <Counter id="visitContext-counter" length={visitContext.length} max={REASON_MAX} />
        <FieldError id="visitContext-error" message={formState.errors.visitContext?.message} />
      </Form.Group>
    </>
  );
}
