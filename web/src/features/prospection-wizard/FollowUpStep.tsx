// Step Opvolging: the automatic and manual to-dos, each editable inline or removable with X, then each named FC70 brand's
// status and next step.
import { useState } from 'react';
import { Badge, Button, CloseButton, Form } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import type { NamedItem } from '@prospectie/contract';
import { nlWizard } from '../../i18n/nlWizard';
import { randomKey } from '../../lib/randomKey';
import { BrandFollowUps } from './BrandFollowUps';
import { Counter, MultiSelect, RequiredMark } from './fields';
import { LIMITS, type WizardValues } from './form';
import { NewTodoModal } from './NewTodoModal';
import { changeTodo, followUpTodos, type TodoChange } from './rules';

/**
 * `self` is the rep's own employee id: automatic to-dos start assigned to her, and she can change that here. `brands`:
 * the FC70 brands the brand steps pick from.
 */
export function FollowUpStep({
  employees,
  self,
  shopName = '',
  brands,
}: {
  employees: NamedItem[];
  self: number | null;
  shopName?: string;
  brands: NamedItem[];
}) {
  const { setValue, getValues, control } = useFormContext<WizardValues>();
  // Every field feeds the automatic to-dos, so this step watches the whole form.
  const values = useWatch({ control }) as WizardValues;
  const todos = followUpTodos(values, self, shopName);
  const [adding, setAdding] = useState(false);

  const apply = (key: string, change: TodoChange) => {
    const next = changeTodo(getValues(), key, change, self, shopName);
    setValue('manualTodos', next.manualTodos, { shouldDirty: true });
    setValue('autoTodoEdits', next.autoTodoEdits, { shouldDirty: true });
  };

  return (
    <>
      <h3 className="h6">{nlWizard.todos}</h3>
      {todos.length === 0 && <p className="text-body-secondary">{nlWizard.noTodos}</p>}
      <ul className="list-unstyled mb-3">
        {todos.map((todo) => {
          const id = `todo-${todo.key}`;
          return (
            <li key={todo.key} className="wizard-item">
              <div className="d-flex align-items-start gap-2">
                <Form.Group className="flex-grow-1 mb-2" controlId={`${id}-name`}>
                  <Form.Label className="small mb-1">
                    {nlWizard.todoName}
                    <RequiredMark />
                    {todo.automatic && (
                      <Badge bg="secondary" className="ms-2 fw-normal">
                        {nlWizard.automatic}
                      </Badge>
                    )}
                  </Form.Label>
                  <Form.Control
                    value={todo.name}
                    maxLength={LIMITS.todoName}
                    aria-required
                    isInvalid={todo.name.trim() === ''}
                    aria-invalid={todo.name.trim() === '' || undefined}
                    onChange={(e) => apply(todo.key, { name: e.target.value })}
                  />
                </Form.Group>
                <CloseButton
                  className="mt-4 flex-shrink-0 wizard-remove"
                  aria-label={nlWizard.removeTodo(todo.name)}
                  onClick={() => apply(todo.key, { removed: true })}
                />
              </div>
              <Form.Group className="mb-2" controlId={`${id}-remarks`}>
                <Form.Label className="small mb-1">{nlWizard.todoRemarks}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={Math.min(6, Math.max(2, todo.remarks.split('\n').length))}
                  maxLength={LIMITS.todoRemarks}
                  aria-describedby={`${id}-remarks-counter`}
                  value={todo.remarks}
                  onChange={(e) => apply(todo.key, { remarks: e.target.value })}
                />
                <Counter id={`${id}-remarks-counter`} length={todo.remarks.length} max={LIMITS.todoRemarks} />
              </Form.Group>
              <Form.Label htmlFor={`${id}-assignees`} className="small mb-1">
                {nlWizard.todoAssignees}
              </Form.Label>
              <MultiSelect
                inputId={`${id}-assignees`}
                options={employees}
                self={self}
                value={todo.employeeIds}
                onChange={(chosen) => apply(todo.key, { employeeIds: chosen.map((e) => e.id) })}
              />
            </li>
          );
        })}
      </ul>
      <Button variant="outline-primary" onClick={() => setAdding(true)}>
        {nlWizard.addTodo}
      </Button>
      <NewTodoModal
        self={self}
        show={adding}
        employees={employees}
        onClose={() => setAdding(false)}
        onAdd={(todo) => setValue('manualTodos', [...getValues('manualTodos'), { key: randomKey(), ...todo }], { shouldDirty: true })}
      />
      <BrandFollowUps brands={brands} />
    </>
  );
}
