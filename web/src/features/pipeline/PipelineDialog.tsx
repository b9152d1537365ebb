// The dialog in which a rep sets a brand's status on the shop page (decision 066): the status, why a shop said no, the
// next step and its day. The server checks the same rules; a refusal is said in Dutch here.
import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import type { PipelineNow, PipelineSet } from '@prospectie/contract';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { NOT_INTERESTED_REASONS, PIPELINE_STATUSES, type NotInterestedReason, type PipelineStatus } from '@prospectie/contract/pipeline';
import { apiErrorText } from '../../api/errorText';
import { validationRules } from '../../i18n/nlErrors';
import { nlPipeline } from '../../i18n/nlPipeline';

export function PipelineDialog({
  brand,
  now,
  onSave,
  onClose,
}: {
  brand: { id: number; name: string };
  now: PipelineNow | undefined;
  onSave: (body: PipelineSet) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = nlPipeline.dialog;
  const id = useId();
  const [status, setStatus] = useState<PipelineStatus>(now?.status ?? 'interested');
  const [reason, setReason] = useState<NotInterestedReason | ''>(now?.reason ?? '');
  const [reasonText, setReasonText] = useState(now?.reasonText ?? '');
  const [nextStep, setNextStep] = useState(now?.nextStep ?? '');
  const [nextStepDate, setNextStepDate] = useState(now?.nextStepDate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const saidNo = status === 'not_interested';

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saidNo && !reason) return setProblem(validationRules.not_interested_reason_missing);
    setSaving(true);
    setProblem(null);
    try {
      await onSave({
        status,
        ...(saidNo ? { reason: reason as NotInterestedReason, reasonText: reasonText.trim() || null } : {}),
        nextStep: nextStep.trim() || null,
        nextStepDate: nextStepDate || null,
      });
      onClose();
    } catch (error) {
      setProblem(apiErrorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal show onHide={onClose} centered fullscreen="sm-down" aria-labelledby={`${id}-title`}>
      <Form onSubmit={save} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} className="h5">
            {t.title(brand.name)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId={`${id}-status`}>
            <Form.Label>{t.status}</Form.Label>
            <Form.Select value={status} onChange={(e) => setStatus(e.target.value as PipelineStatus)}>
              {PIPELINE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {nlPipeline.status[s]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {saidNo && (
            <>
              <Form.Group className="mb-3" controlId={`${id}-reason`}>
                <Form.Label>{t.reason}</Form.Label>
                <Form.Select
                  value={reason}
                  required
                  isInvalid={problem !== null && !reason}
                  onChange={(e) => setReason(e.target.value as NotInterestedReason | '')}
                >
                  <option value="">{t.reasonPick}</option>
                  {NOT_INTERESTED_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {nlPipeline.reason[r]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group className="mb-3" controlId={`${id}-reason-text`}>
                <Form.Label>{t.reasonText}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  maxLength={TEXT_LIMITS.reasonText}
                  value={reasonText}
                  onChange={(e) => setReasonText(e.target.value)}
                />
              </Form.Group>
            </>
          )}
          <Form.Group className="mb-3" controlId={`${id}-next`}>
            <Form.Label>{t.nextStep}</Form.Label>
            <Form.Control
              maxLength={TEXT_LIMITS.nextStep}
              placeholder={t.nextStepPlaceholder}
              value={nextStep}
              onChange={(e) => setNextStep(e.target.value)}
            />
          </Form.Group>
          <Form.Group controlId={`${id}-date`}>
            <Form.Label>{t.nextStepDate}</Form.Label>
            <Form.Control type="date" value={nextStepDate} onChange={(e) => setNextStepDate(e.target.value)} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t.saving : t.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
