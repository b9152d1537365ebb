// The seven steps, moving between them under the guards of spec §4, the draft kept on the device, and the one send.
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { NavigationType, useBlocker, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Employee, NamedItem } from '@prospectie/contract';
import { appointmentKeys } from '../../api/appointments';
import { sentNoticeState, type SentNoticeKind } from '../../components/SentNotice';
import { SubmitErrorAlert } from '../../components/SubmitErrorAlert';
import { nlWizard } from '../../i18n/nlWizard';
import { useOutbox } from '../../offline/useOutbox';
import { useSendOrKeep } from '../../offline/useSendOrKeep';
import { queuePhotos } from '../../offline/photoOutbox';
import { useSubmitProspection } from './api';
import { BrandmixStep, FeedbackStep, Fc70Step, GeneralStep, InterestsStep } from './BrandSteps';
import { clearDraft, saveDraft, type WizardDraft } from './draft';
import { brusselsToday } from '@prospectie/contract/dates';
import { emptyVisit, fallbackMessage, wizardSchema, type WizardValues } from './form';
import { FollowUpStep } from './FollowUpStep';
import { InfoStep } from './InfoStep';
import { PhotoSection } from './PhotoSection';
import { buildSubmission, guardFor, SEND, STEP, STEP_COUNT, submitErrorMessage, type GuardFailure } from './rules';
import { StepIndicator } from './StepIndicator';
import { useDraftPhotos } from './useDraftPhotos';

export interface WizardReference {
  brands: NamedItem[];
  competitorBrands: NamedItem[];
  contactTypes: NamedItem[];
  visitTypes: NamedItem[];
  employees: Employee[];
}

/** The fields each step holds (docs/decisions/047-wizard-fields-per-step.md), so leaving a step checks only its own. */
const stepFields: FieldPath<WizardValues>[][] = [
  ['visitDate', 'visitTypeId', 'contactTypeId', 'contactName', 'contactEmail', 'contactPhone', 'visitContext'],
  ['competitorBrandIds', 'newBrands'],
  ['bestBrands', 'worstBrands', 'terminatedBrandIds', 'terminatedBrands'],
  ['brands'],
  ['brandInterests'],
  ['trends', 'extra'],
  ['manualTodos', 'autoTodoEdits', 'pipeline'],
];

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The appointment a visit started from, as the submission names it: its number, or the id the device gave it. */
const appointmentLink = (appointmentId: string | undefined) =>
  appointmentId ? { appointmentId: /^\d+$/.test(appointmentId) ? Number(appointmentId) : appointmentId } : {};

export function WizardForm({
  shopId,
  shopName = '',
  userId,
  self,
  initial,
  restored = false,
  reference,
}: {
  shopId: number;
  /** Named in the automatic to-dos; empty until the shop has loaded. */
  shopName?: string;
  userId: number;
  /** The rep's own employee id: automatic to-dos start assigned to her. */
  self: number | null;
  initial: Omit<WizardDraft, 'savedAt'>;
  /** True when `initial` is a draft kept on the device: its values are checked and marked at once. */
  restored?: boolean;
  reference: WizardReference;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const blank = useMemo(() => emptyVisit(initial.values.visitDate), [initial.values.visitDate]);
  // Checked as the rep types: a message appearing on blur would shift the buttons under a click.
  const form = useForm<WizardValues>({
    defaultValues: initial.values,
    resolver: zodResolver(wizardSchema, { error: fallbackMessage }),
    mode: 'onChange',
  });
  const [step, setStep] = useState(initial.step);
  // The step circles jump to any step already reached.
  const [furthest, setFurthest] = useState(Math.max(initial.furthest ?? initial.step, initial.step));
  // An old visit date the rep confirmed, and the step she was heading for while asked.
  const [confirmedDate, setConfirmedDate] = useState<string | null>(null);
  const [askDate, setAskDate] = useState<{ target: number; question: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const outbox = useOutbox();
  const visit = useSendOrKeep({ idempotencyKey: initial.idempotencyKey, errorText: submitErrorMessage });
  const [sent, setSent] = useState<SentNoticeKind | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const submit = useSubmitProspection(shopId);
  const employees = useMemo(() => reference.employees.map((e) => ({ id: e.id, name: `${e.firstName} ${e.name}` })), [reference.employees]);

  // The pictures are kept with the draft (same key), so a kept draft, and the sign-out question, covers them.
  const photos = useDraftPhotos(initial.idempotencyKey);
  const values = form.watch();
  const snapshot = JSON.stringify(values);
  const dirty = !sent && (step > 0 || !sameValues(values, blank) || photos.photos.length > 0);

  // Kept on the device as the rep types; a wizard back at its start leaves nothing behind. So leaving
  // loses nothing and asks nothing: the page says the input is kept (docs/decisions/013-leave-question.md).
  useEffect(() => {
    if (sent) return;
    if (dirty)
      saveDraft(userId, shopId, {
        values: JSON.parse(snapshot) as WizardValues,
        step,
        furthest,
        idempotencyKey: initial.idempotencyKey,
        appointmentId: initial.appointmentId,
      });
    else clearDraft(userId, shopId);
  }, [snapshot, step, furthest, dirty, sent, userId, shopId, initial.idempotencyKey, initial.appointmentId]);

  // The wizard's place in the history is taken by the shop, so Terug there does not reopen an empty wizard.
  useEffect(() => {
    if (sent) navigate(`/shop/${shopId}`, { replace: true, state: sentNoticeState(sent) });
  }, [sent, navigate, shopId]);

  // The phone's back button inside the wizard goes to the previous step, not away.
  const blocker = useBlocker(
    ({ historyAction, currentLocation, nextLocation }) =>
      !sent && step > 0 && historyAction === NavigationType.Pop && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    setNotice(null);
    setStep((s) => Math.max(0, s - 1));
  }, [blocker]);

  // A kept draft may hold what an older version let through: mark it at once, on its step.
  const markRefusedFields = useCallback(async () => {
    if (await form.trigger()) return true;
    // The first step holding a field the form refused.
    const first = stepFields.findIndex((fields) => fields.some((f) => form.getFieldState(f).invalid));
    if (first >= 0) setStep(first);
    setNotice(nlWizard.fixFields);
    return false;
  }, [form]);
  useEffect(() => {
    if (restored) void markRefusedFields();
  }, [restored, markRefusedFields]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);

  const stopAt = (failure: GuardFailure, target: number) => {
    setStep(failure.step);
    if (failure.confirm) {
      setNotice(null);
      setAskDate({ target, question: failure.message });
      return;
    }
    setNotice(failure.message);
    setStoppedBy(failure);
    for (const field of failure.fields) form.setError(field, { type: 'required', message: failure.message });
  };

  // The step's message goes as soon as what it asked for is there, not only at the next Volgende.
  const [stoppedBy, setStoppedBy] = useState<GuardFailure | null>(null);
  useEffect(() => {
    if (!stoppedBy) return;
    const still = guardFor(form.getValues(), stoppedBy.step + 1, { confirmedDate, today: brusselsToday(), self, shopName });
    if (still?.message === stoppedBy.message) return;
    setStoppedBy(null);
    setNotice((current) => (current === stoppedBy.message ? null : current));
    form.clearErrors(stoppedBy.fields);
  }, [snapshot, stoppedBy, form, confirmedDate, self, shopName]);

  /**
   * Backward moves freely; a forward move (Volgende, or a step circle further on) runs the checks
   * of every step it passes and stops, marked and told why, at the first that fails.
   */
  const goTo = async (target: number, context = { confirmedDate }) => {
    for (let from = step; from < target; from++) {
      if (!(await form.trigger(stepFields[from]))) {
        setStep(from);
        setNotice(nlWizard.fixFields);
        return;
      }
      const failure = guardFor(form.getValues(), from + 1, { ...context, today: brusselsToday(), self, shopName });
      if (failure) return stopAt(failure, target);
    }
    setNotice(null);
    setStep(target);
    setFurthest((f) => Math.max(f, target));
  };

  const send = async (context = { confirmedDate }) => {
    if (visit.sending) return;
    if (!(await markRefusedFields())) return;
    const current = form.getValues();
    const failure = guardFor(current, SEND, { ...context, today: brusselsToday(), self, shopName });
    if (failure) return stopAt(failure, SEND);
    setNotice(null);
    const body = { ...buildSubmission(current, self, shopName), ...appointmentLink(initial.appointmentId) };
    const done = (kind: SentNoticeKind) => {
      clearDraft(userId, shopId);
      // Its appointment now shows done, in the calendar, on Home and on the shop's page.
      if (kind === 'visit' && initial.appointmentId) void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      setSent(kind);
    };
    // Each picture then goes on its own behind the visit, to its id once known (docs/decisions/036-photos-on-the-device.md).
    const sendPhotos = async (visitKey: string, visitId?: number) => {
      const taken = photos.photos;
      photos.release();
      if (taken.length === 0) return;
      await queuePhotos({ userId, shopId, visitKey, visitId, photos: taken }).catch(() => undefined);
    };
    visit.sendOrKeep<{ id: number }>({
      send: (idempotencyKey, outcome) => submit.mutate({ body, idempotencyKey }, outcome),
      // Kept with its key and this draft, which reopens it should the server refuse it later.
      keep: (idempotencyKey) => {
        const draft: WizardDraft = {
          values: current,
          step,
          furthest,
          idempotencyKey,
          appointmentId: initial.appointmentId,
          savedAt: new Date().toISOString(),
        };
        return outbox.queueVisit({ userId, shopId, body, idempotencyKey, draft }).then(() => sendPhotos(idempotencyKey));
      },
      onSent: ({ id }) => void sendPhotos(initial.idempotencyKey, id).then(() => done('visit')),
      onKept: () => done('visitQueued'),
    });
  };

  const last = step === STEP_COUNT - 1;
  const stepName = nlWizard.steps[step];

  return (
    <FormProvider {...form}>
      <StepIndicator step={step} furthest={furthest} onJump={(target) => void goTo(target)} disabled={visit.sending} />
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
          {nlWizard.stepOf(step + 1, STEP_COUNT, stepName)}
        </h2>
        {notice && (
          <Alert variant="warning" role="alert">
            {notice}
          </Alert>
        )}

        {step === STEP.info && <InfoStep shopId={shopId} contactTypes={reference.contactTypes} visitTypes={reference.visitTypes} />}
        {step === STEP.brandmix && <BrandmixStep competitorBrands={reference.competitorBrands} />}
        {step === STEP.general && <GeneralStep brands={reference.brands} />}
        {step === STEP.fc70 && <Fc70Step brands={reference.brands} />}
        {step === STEP.interests && <InterestsStep brands={reference.brands} />}
        {step === STEP.feedback && (
          <FeedbackStep photos={<PhotoSection draft={photos} brands={reference.brands} competitorBrands={reference.competitorBrands} />} />
        )}
        {step === STEP.followUp && <FollowUpStep employees={employees} self={self} shopName={shopName} brands={reference.brands} />}

        {visit.error && (
          <SubmitErrorAlert
            message={visit.error}
            closeLabel={nlWizard.close}
            onClose={visit.dismissError}
            sendLater={visit.sendLater}
            className="mt-3"
          />
        )}

        <div className="wizard-buttons">
          {step > 0 && (
            <Button variant="outline-secondary" onClick={() => void goTo(step - 1)} disabled={visit.sending}>
              {nlWizard.previous}
            </Button>
          )}
          {last ? (
            <Button
              key="send"
              variant="primary"
              className="ms-auto"
              disabled={visit.sending}
              onClick={(e) => {
                // The second click of a double click on Volgende lands here, in the same spot: not a send.
                if (e.detail < 2) void send();
              }}
            >
              {visit.sending ? (
                <>
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                  {nlWizard.submitting}
                </>
              ) : (
                nlWizard.submit
              )}
            </Button>
          ) : (
            <Button key="next" type="submit" variant="primary" className="ms-auto">
              {nlWizard.next}
            </Button>
          )}
        </div>
      </Form>
      <Modal show={askDate !== null} onHide={() => setAskDate(null)} centered aria-labelledby="old-date-title">
        <Modal.Header closeButton closeLabel={nlWizard.close}>
          <Modal.Title id="old-date-title" as="h2" className="h5">
            {nlWizard.oldDateTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{askDate?.question}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setAskDate(null)}>
            {nlWizard.oldDateChange}
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              const date = form.getValues('visitDate');
              const target = askDate?.target ?? step;
              setConfirmedDate(date);
              setAskDate(null);
              if (target === SEND) void send({ confirmedDate: date });
              else void goTo(target, { confirmedDate: date });
            }}
          >
            {nlWizard.oldDateConfirm}
          </Button>
        </Modal.Footer>
      </Modal>
    </FormProvider>
  );
}
