// The seven steps, moving between them under the guards of spec §4, the draft kept on the device, and the one send.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { Employee, NamedItem } from '@prospectie/contract';
import { useUnsavedChangesGuard } from '../../hooks/useUnsavedChangesGuard';
import { SubmitErrorAlert } from '../../components/SubmitErrorAlert';
import { nl } from '../../i18n/nl';
import { isNetworkFailure, useOutbox } from '../../offline/useOutbox';
import { useSubmitProspection } from './api';
import { BrandmixStep, FeedbackStep, Fc70Step, GeneralStep, InterestsStep } from './BrandSteps';
import { clearDraft, saveDraft, type WizardDraft } from './draft';
import { emptyVisit, wizardSchema, type WizardValues } from './form';
import { FollowUpStep } from './FollowUpStep';
import { InfoStep } from './InfoStep';
import { buildSubmission, guardFor, SEND, STEP, STEP_COUNT, submitErrorMessage } from './rules';
import { StepIndicator } from './StepIndicator';

export interface WizardReference {
  brands: NamedItem[];
  competitorBrands: NamedItem[];
  contactTypes: NamedItem[];
  visitTypes: NamedItem[];
  employees: Employee[];
}

/** The fields each step holds, so leaving a step checks only its own. */
const stepFields: FieldPath<WizardValues>[][] = [
  ['visitDate', 'visitTypeId', 'contactTypeId', 'contactName', 'contactEmail', 'contactPhone', 'visitContext'],
  ['brands', 'competitorBrandIds', 'newBrands'],
  ['bestBrands', 'worstBrands', 'terminatedBrands'],
  ['brandInterests'],
  ['trends'],
  ['extra'],
  ['manualTodos', 'autoTodoEdits'],
];

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function WizardForm({
  shopId,
  userId,
  initial,
  reference,
}: {
  shopId: number;
  userId: number;
  initial: Omit<WizardDraft, 'savedAt'>;
  reference: WizardReference;
}) {
  const navigate = useNavigate();
  const blank = useMemo(() => emptyVisit(initial.values.visitDate), [initial.values.visitDate]);
  // Checked as the rep types: a message appearing on blur would shift the buttons under a click.
  const form = useForm<WizardValues>({ defaultValues: initial.values, resolver: zodResolver(wizardSchema), mode: 'onChange' });
  const [step, setStep] = useState(initial.step);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // After a failed send that never reached the server: the outbox can take the visit instead.
  const [sendLater, setSendLater] = useState<(() => void) | null>(null);
  const outbox = useOutbox();
  const [sent, setSent] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const submit = useSubmitProspection(shopId);
  const employees = useMemo(() => reference.employees.map((e) => ({ id: e.id, name: `${e.firstName} ${e.name}` })), [reference.employees]);

  const values = form.watch();
  const snapshot = JSON.stringify(values);
  const dirty = !sent && (step > 0 || !sameValues(values, blank));
  const guardDialog = useUnsavedChangesGuard(dirty);

  // Kept on the device as the rep types; a wizard back at its start leaves nothing behind.
  useEffect(() => {
    if (sent) return;
    if (dirty) saveDraft(userId, shopId, { values: JSON.parse(snapshot) as WizardValues, step, idempotencyKey: initial.idempotencyKey });
    else clearDraft(userId, shopId);
  }, [snapshot, step, dirty, sent, userId, shopId, initial.idempotencyKey]);

  // Runs after the guard has seen `dirty` turn false, so the move to the shop is not blocked.
  useEffect(() => {
    if (sent) navigate(`/shop/${shopId}`);
  }, [sent, navigate, shopId]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);

  const stopAt = (failure: NonNullable<ReturnType<typeof guardFor>>) => {
    setStep(failure.step);
    setNotice(failure.message);
    for (const field of failure.fields) form.setError(field, { type: 'required', message: failure.message });
  };

  const goTo = async (target: number) => {
    if (target > step) {
      if (!(await form.trigger(stepFields[step]))) return;
      const failure = guardFor(form.getValues(), target);
      if (failure) return stopAt(failure);
    }
    setNotice(null);
    setStep(target);
  };

  const send = async () => {
    if (submit.isPending) return;
    if (!(await form.trigger())) {
      const errors = form.formState.errors;
      const first = stepFields.findIndex((fields) => fields.some((f) => f in errors));
      if (first >= 0) setStep(first);
      return;
    }
    const current = form.getValues();
    const failure = guardFor(current, SEND);
    if (failure) return stopAt(failure);
    setNotice(null);
    setSubmitError(null);
    setSendLater(null);
    const body = buildSubmission(current);
    const done = () => {
      clearDraft(userId, shopId);
      setSent(true);
    };
    // Without a connection the visit waits in the outbox, with its key and this draft (docs/decisions/007-offline.md).
    const queue = () => {
      const draft: WizardDraft = { values: current, step, idempotencyKey: initial.idempotencyKey, savedAt: new Date().toISOString() };
      void outbox.queueVisit({ userId, shopId, body, idempotencyKey: initial.idempotencyKey, draft }).then(done);
    };
    if (outbox.offline) return queue();
    submit.mutate(
      { body, idempotencyKey: initial.idempotencyKey },
      {
        onSuccess: done,
        onError: (error) => {
          if (isNetworkFailure(error) && !navigator.onLine) return queue();
          setSubmitError(submitErrorMessage(error));
          if (isNetworkFailure(error)) setSendLater(() => queue);
        },
      },
    );
  };

  const last = step === STEP_COUNT - 1;
  const stepName = nl.wizard.steps[step];

  return (
    <FormProvider {...form}>
      <StepIndicator step={step} />
      <Form
        noValidate
        className="wizard-card"
        aria-labelledby="wizard-step-title"
        onSubmit={(e) => {
          e.preventDefault();
          // Enter moves on; only the Verzenden button itself sends.
          if (!last) void goTo(step + 1);
        }}
      >
        <h2 id="wizard-step-title" className="h5 mb-3" tabIndex={-1} ref={headingRef}>
          {nl.wizard.stepOf(step + 1, STEP_COUNT, stepName)}
        </h2>
        {notice && (
          <Alert variant="warning" role="alert">
            {notice}
          </Alert>
        )}

        {step === STEP.info && <InfoStep shopId={shopId} contactTypes={reference.contactTypes} visitTypes={reference.visitTypes} />}
        {step === STEP.brandmix && <BrandmixStep brands={reference.brands} competitorBrands={reference.competitorBrands} />}
        {step === STEP.general && <GeneralStep />}
        {step === STEP.fc70 && <Fc70Step brands={reference.brands} />}
        {step === STEP.interests && <InterestsStep />}
        {step === STEP.feedback && <FeedbackStep />}
        {step === STEP.followUp && <FollowUpStep employees={employees} />}

        {submitError && (
          <SubmitErrorAlert message={submitError} closeLabel={nl.wizard.close} onClose={() => setSubmitError(null)} sendLater={sendLater} className="mt-3" />
        )}

        <div className="wizard-buttons">
          {step > 0 && (
            <Button variant="outline-secondary" onClick={() => void goTo(step - 1)} disabled={submit.isPending}>
              {nl.wizard.previous}
            </Button>
          )}
          {last ? (
            <Button key="send" variant="primary" className="ms-auto" disabled={submit.isPending} onClick={(e) => {
                // The second click of a double click on Volgende lands here, in the same spot: not a send.
                if (e.detail < 2) void send();
              }}>
              {submit.isPending ? (
                <>
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                  {nl.wizard.submitting}
                </>
              ) : (
                nl.wizard.submit
              )}
            </Button>
          ) : (
            <Button key="next" type="submit" variant="primary" className="ms-auto">
              {nl.wizard.next}
            </Button>
          )}
        </div>
      </Form>
      {guardDialog}
    </FormProvider>
  );
}
