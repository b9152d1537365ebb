// The dialog in which a rep sets a brand's status on the shop page (decision 066): the status, why a shop said no, the
// next step and its day. The server checks the same rules; a refusal is said in Dutch here.
import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import type { PipelineNow, PipelineSet } from '@prospectie/contract';
import type { PipelineStatus } from '@prospectie/contract/pipeline';
import { apiErrorText } from '../../api/errorText';
import { validationRules } from '../../i18n/nlErrors';
import { nlPipeline } from '../../i18n/nlPipeline';
import { PipelineFields, type PipelineFieldValues } from './PipelineFields';

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
  const [values, setValues] = useState<PipelineFieldValues<PipelineStatus>>({
    status: now?.status ?? 'interested',
    reason: now?.reason ?? '',
    reasonText: now?.reasonText ?? '',
    nextStep: now?.nextStep ?? '',
    nextStepDate: now?.nextStepDate ?? '',
  });
  /** Bewaren was pressed without a reason: the field says so until one is picked. */
  const [reasonAsked, setReasonAsked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { reason } = values;
  const saidNo = values.status === 'not_interested';

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (saidNo && !reason) {
      setReasonAsked(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSave({
        status: values.status,
        ...(saidNo && reason ? { reason, reasonText: values.reasonText.trim() || null } : {}),
        nextStep: values.nextStep.trim() || null,
        nextStepDate: values.nextStepDate || null,
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
          <PipelineFields
            id={id}
            value={values}
            onChange={(change) => setValues((v) => ({ ...v, ...change }))}
            errors={{ reason: reasonAsked && !reason ? validationRules.not_interested_reason_missing : undefined }}
          />
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
