// The 'Voeg item toe' dialog of spec §4: title, description and assignees; it stays open for the next one.
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import type { NamedItem } from '@prospectie/contract';
import { nlWizard } from '../../i18n/nlWizard';
import { Counter, MultiSelect } from './fields';
import { LIMITS } from './form';
import { newTodoProblem, type NewTodoInput } from './rules';

/** Spec §9: the success note shows for 5000 ms. */
export const SUCCESS_NOTE_MS = 5000;

const empty: NewTodoInput = { name: '', remarks: '', employeeIds: [] };

export function NewTodoModal({
  show,
  employees,
  self,
  onAdd,
  onClose,
}: {
  show: boolean;
  employees: NamedItem[];
  /** The rep's own employee id, marked '(jij)' among the people. */
  self?: number | null;
  onAdd: (todo: NewTodoInput) => void;
  onClose: () => void;
}) {
  const [input, setInput] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  useEffect(() => {
    if (added === null) return;
    const timer = window.setTimeout(() => setAdded(null), SUCCESS_NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [added]);

  const close = () => {
    setInput(empty);
    setProblem(null);
    setAdded(null);
    onClose();
  };

  const add = () => {
    const found = newTodoProblem(input);
    setProblem(found);
    if (found) return;
    onAdd({ ...input, name: input.name.trim(), remarks: input.remarks.trim() });
    setAdded(input.name.trim());
    setInput(empty);
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="new-todo-title">
      <Modal.Header closeButton closeLabel={nlWizard.close}>
        <Modal.Title id="new-todo-title" as="h2" className="h5">
          {nlWizard.newTodoTitle}
        </Modal.Title>
      </Modal.Header>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // The dialog is portalled, but React still bubbles its submit to the wizard's form.
          e.stopPropagation();
          add();
        }}
      >
        <Modal.Body>
          <div role="status" aria-live="polite">
            {added !== null && (
              <Alert variant="success" className="py-2">
                {nlWizard.todoAdded(added)}
              </Alert>
            )}
          </div>
          {problem && (
            <Alert variant="danger" className="py-2" role="alert">
              {problem}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="new-todo-name">
            <Form.Label>{nlWizard.todoName}</Form.Label>
            <Form.Control value={input.name} maxLength={LIMITS.todoName} onChange={(e) => setInput({ ...input, name: e.target.value })} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="new-todo-remarks">
            <Form.Label>{nlWizard.todoRemarks}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={LIMITS.todoRemarks}
              aria-describedby="new-todo-remarks-counter"
              value={input.remarks}
              onChange={(e) => setInput({ ...input, remarks: e.target.value })}
            />
            <Counter id="new-todo-remarks-counter" length={input.remarks.length} max={LIMITS.todoRemarks} />
          </Form.Group>
          <Form.Label htmlFor="new-todo-assignees">{nlWizard.todoAssignees}</Form.Label>
          <MultiSelect
            inputId="new-todo-assignees"
            options={employees}
            self={self}
            value={input.employeeIds}
            onChange={(chosen) => setInput({ ...input, employeeIds: chosen.map((e) => e.id) })}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            {nlWizard.back}
          </Button>
          <Button type="submit" variant="primary">
            {nlWizard.add}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
