// A day of the overview's own period, read and written dd/mm/jjjj whatever the browser's language: a native date input
// shows the browser's order (mm/dd/yyyy in an English Chrome), which a Flemish manager misreads. Where the browser can
// open its own calendar on request (showPicker), a button beside the field does so; the field stays the source.
import { useId, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { nlOverview } from '../../i18n/nlOverview';
import { formatDate, parseDate } from '../../lib/format';

const t = nlOverview.dateField;
const canOpenCalendar = typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype;

interface DateFieldProps {
  id: string;
  label: string;
  /** YYYY-MM-DD. Key the field by it: a new value from outside (the address, Back) then shows in it. */
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}

export function DateField({ id, label, value, min, max, onChange }: DateFieldProps) {
  const [text, setText] = useState(formatDate(value));
  const [error, setError] = useState<string | null>(null);
  const calendar = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const take = (day: string) => {
    setError(null);
    setText(formatDate(day));
    if (day !== value) onChange(day);
  };
  const commit = (typed: string) => {
    const day = parseDate(typed);
    if (!day) setError(t.invalid);
    else if (min && day < min) setError(t.notBefore(formatDate(min)));
    else if (max && day > max) setError(t.notAfter(formatDate(max)));
    else take(day);
  };
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="input-group position-relative has-validation">
        <input
          id={id}
          className={`form-control${error ? ' is-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t.placeholder}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget.value)}
        />
        {canOpenCalendar && (
          <>
            <button
              type="button"
              className="btn btn-outline-secondary"
              aria-label={t.openCalendar(label)}
              onClick={() => calendar.current?.showPicker()}
            >
              <Icon name="calendar" size={16} />
            </button>
            {/* Only the calendar's popup is used: out of sight, out of the tab order and of the accessibility tree. */}
            <input
              ref={calendar}
              type="date"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              value={value}
              min={min}
              max={max}
              onChange={(e) => e.target.value && take(e.target.value)}
            />
          </>
        )}
        {error && (
          <div id={errorId} className="invalid-feedback">
            {error}
          </div>
        )}
      </div>
    </>
  );
}
