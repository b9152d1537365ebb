// Pieces every administration page uses: the frame of its dialogs (a form, or a question before a change) and their
// buttons, a text box with its error, a row's button, a card of the phone's list, the word after a change, and which
// form field a refusal is about.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Modal, Spinner } from 'react-bootstrap';
import type { ErrorCode } from '@prospectie/contract/errors';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { nlAdmin } from '../../i18n/nlAdmin';

const t = nlAdmin;

/** Refusals that concern one field even when the server names none. */
const fieldOfCode: Partial<Record<ErrorCode, string>> = { login_taken: 'login', brand_name_taken: 'name', season_name_taken: 'name' };

/** The form field a refusal is about (the server names `body.login` or `login`), if any. */
export function refusedField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.field) return error.field.replace(/^body\./, '').split('.')[0];
  return error.code ? fieldOfCode[error.code] : undefined;
}

/**
 * The frame every administration dialog shares: its title, what it holds, a refusal above the buttons, Annuleren and
 * the change's own button. While the change is on its way nothing closes it. With `onSubmit` it is a form, so Enter
 * in a field sends it.
 */
function DialogFrame({
  show,
  title,
  size,
  pending,
  problem,
  action,
  onCancel,
  onSubmit,
  children,
}: {
  show: boolean;
  title: string;
  size?: 'lg';
  pending: boolean;
  problem: string | null;
  action: ReactNode;
  onCancel: () => void;
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const content = (
    <>
      <Modal.Header closeButton={!pending} closeLabel={t.close}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {problem && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {problem}
          </Alert>
        )}
      </Modal.Body>
      <DialogFooter pending={pending} onCancel={onCancel}>
        {action}
      </DialogFooter>
    </>
  );
  return (
    <Modal show={show} size={size} onHide={pending ? () => undefined : onCancel} centered aria-labelledby={titleId}>
      {onSubmit ? (
        <Form onSubmit={onSubmit} noValidate>
          {content}
        </Form>
      ) : (
        content
      )}
    </Modal>
  );
}

/** A dialog that asks before a change; the change's refusal shows inside it. */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  variant = 'danger',
  pending,
  error,
  confirmDisabled,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  variant?: 'danger' | 'primary';
  pending: boolean;
  error: unknown;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <DialogFrame
      show={show}
      title={title}
      pending={pending}
      problem={error ? apiErrorText(error) : null}
      onCancel={onCancel}
      action={
        <PendingButton variant={variant} pending={pending} disabled={confirmDisabled} onClick={onConfirm}>
          {confirmLabel}
        </PendingButton>
      }
    >
      {children}
    </DialogFrame>
  );
}

/** A dialog that adds or changes an entry: its fields, a refusal no field holds (`problem`) above the buttons. */
export function FormDialog({
  title,
  size,
  pending,
  problem,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  size?: 'lg';
  pending: boolean;
  problem: string | null;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <DialogFrame
      show
      title={title}
      size={size}
      pending={pending}
      problem={problem}
      onCancel={onCancel}
      onSubmit={onSubmit}
      action={
        <PendingButton type="submit" pending={pending}>
          {submitLabel}
        </PendingButton>
      }
    >
      {children}
    </DialogFrame>
  );
}

/** The word after a change (or its refusal), read out by screen readers; it can be closed. */
export function ChangeNotice({ notice, onClose }: { notice: { text: string; ok: boolean } | null; onClose: () => void }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {notice && (
        // The region around it speaks already: the alert's own role would say it twice.
        <Alert variant={notice.ok ? 'success' : 'danger'} role="none" dismissible closeLabel={t.close} onClose={onClose} className="my-2">
          {notice.text}
        </Alert>
      )}
    </div>
  );
}

export type Notice = { text: string; ok: boolean } | null;

/** The value, once it stopped changing for `ms` (a search box asks the server after the typing pauses). */
export function useSettled<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The value, or while it is null the last one that was not: a closing dialog keeps its words until it is gone. */
export function useLastShown<T>(value: T | null): T | null {
  const last = useRef(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}

/** A button that shows a spinner and waits while its change is on its way. */
export function PendingButton({
  pending,
  disabled,
  variant = 'primary',
  type = 'button',
  onClick,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  variant?: 'primary' | 'danger';
  type?: 'button' | 'submit';
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Button type={type} variant={variant} className="action-button" onClick={onClick} disabled={pending || disabled}>
      {pending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}

/** A dialog's buttons: Annuleren, then the change's own. */
function DialogFooter({ pending, onCancel, children }: { pending: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" className="action-button" onClick={onCancel} disabled={pending}>
        {t.cancel}
      </Button>
      {children}
    </Modal.Footer>
  );
}

/** A text box whose error and help are tied to it for screen readers (`id` names the box; its label is the caller's). */
export function TextInput({
  id,
  value,
  onChange,
  error,
  help,
  maxLength,
  type = 'text',
  autoFocus,
  list,
  placeholder,
  inputMode,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  help?: string;
  maxLength: number;
  type?: 'text' | 'email';
  autoFocus?: boolean;
  /** A datalist's id: suggestions while she may still type anything. */
  list?: string;
  placeholder?: string;
  /** 'numeric' for a day typed as dd/mm/jjjj: a phone opens its number pad. */
  inputMode?: 'numeric';
}) {
  const describedBy = [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <Form.Control
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        autoFocus={autoFocus}
        list={list}
        placeholder={placeholder}
        inputMode={inputMode}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={!!error}
        aria-invalid={!!error || undefined}
        aria-describedby={describedBy}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
    </>
  );
}

/** A change of one row; `name` says whose (the accessible name), the button shows only the verb. */
export function RowButton({
  label,
  name,
  variant,
  busy,
  onClick,
}: {
  label: string;
  name: string;
  variant: 'primary' | 'danger' | 'success' | 'secondary';
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="sm" variant={`outline-${variant}`} className="action-button" onClick={onClick} disabled={busy} aria-label={name}>
      {label}
    </Button>
  );
}

/** One entry of a list on a phone: its name and status on top, what else it says and its buttons below. */
export function ListCard({
  title,
  status,
  level = 2,
  children,
}: {
  title: ReactNode;
  status: ReactNode;
  /** The title's heading level: 3 in a list under a page's own h2. */
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Card as="li" className="mb-2">
      <Card.Body className="py-2">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <Heading className="h6 fw-semibold mb-0 text-break">{title}</Heading>
          {status}
        </div>
        {children}
      </Card.Body>
    </Card>
  );
}
