// Pieces every administration page uses: the confirmation dialog, the word after a change, and which form field a refusal is about.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import type { ErrorCode } from '@prospectie/contract/errors';
import { ApiError, apiErrorText } from '../../api/client';
import { nl } from '../../i18n/nl';

const t = nl.admin;

/** Refusals that concern one field even when the server names none. */
const fieldOfCode: Partial<Record<ErrorCode, string>> = { login_taken: 'login', brand_name_taken: 'name' };

/** The form field a refusal is about (the server names `body.login` or `login`), if any. */
export function refusedField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.field) return error.field.replace(/^body\./, '').split('.')[0];
  return error.code ? fieldOfCode[error.code] : undefined;
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
  const titleId = useId();
  return (
    <Modal show={show} onHide={pending ? () => undefined : onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton={!pending} closeLabel={t.close}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {!!error && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {apiErrorText(error)}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" className="action-button" onClick={onCancel} disabled={pending}>
          {t.cancel}
        </Button>
        <Button variant={variant} className="action-button" onClick={onConfirm} disabled={pending || confirmDisabled}>
          {pending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
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
