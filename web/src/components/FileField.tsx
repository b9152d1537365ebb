/**
 * A file field with its label, hint and error tied to it for screen readers. The browser's own button speaks the
 * browser's language ('Choose File'), so it is hidden behind a Dutch one; the field itself keeps the focus and the
 * keyboard (Enter or Space opens the picker), and the Dutch button shows its focus.
 */
import { useRef, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { nlFileField } from '../i18n/nlFileField';

export function FileField({
  id,
  label,
  hint,
  accept,
  error,
  errorId,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  /** The input's accept: endings and media types, comma-separated. */
  accept: string;
  /** Shown under the field, or where `errorId` points. */
  error: string | null;
  /** Where the page shows `error` itself (an alert under the form); the field then only points at it. */
  errorId?: string;
  disabled: boolean;
  onChange: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const shownBelow = error && !errorId;
  const describedBy = [hint && `${id}-hint`, error && (errorId ?? `${id}-error`)].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3 file-field">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <div className="file-field-picker">
        <input
          ref={input}
          id={id}
          type="file"
          className="file-field-input"
          accept={accept}
          disabled={disabled}
          aria-invalid={!!error || undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            setChosen(file?.name ?? null);
            onChange(file);
          }}
        />
        <Button
          variant={error ? 'outline-danger' : 'outline-primary'}
          className="action-button"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {nlFileField.choose}
        </Button>
        <span className="text-break">{chosen ?? nlFileField.none}</span>
      </div>
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
      {shownBelow && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {error}
        </div>
      )}
    </Form.Group>
  );
}
