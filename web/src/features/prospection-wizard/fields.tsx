// Form pieces the wizard's steps share: a labelled text area and a multi-select of named items.
import { useMemo, useState, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import Select, { type StylesConfig } from 'react-select';
import type { NamedItem } from '@prospectie/contract';
import { nlWizard } from '../../i18n/nlWizard';
import { chipRemoveStyle, DutchMultiValueRemove, rankByTyped } from '../../lib/selectChips';
import { selectTexts } from '../../lib/selectTexts';
import { LIMITS, type WizardValues } from './form';

/** Spec §9: dropdowns on forms open at most 200 px high. */
const MAX_MENU_HEIGHT = 200;

export function RequiredMark() {
  return (
    <>
      <span className="text-danger" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="visually-hidden"> {nlWizard.required}</span>
    </>
  );
}

type TextField = 'newBrands' | 'bestBrands' | 'worstBrands' | 'terminatedBrands' | 'trends' | 'extra';

/** How many characters are typed of how many may be: shown under every long text. */
export function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <Form.Text id={id} muted className="d-block text-end">
      {nlWizard.counter(length, max)}
    </Form.Text>
  );
}

/** A field's Dutch message under it, tied to it by `id` (aria-describedby). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  ) : null;
}

/**
 * A text area bound to one text field of the form, holding at most the server's limit with a
 * counter; `required` adds the asterisk and red border.
 */
export function TextAreaField({
  name,
  label,
  required = false,
  help,
  rows = 3,
}: {
  name: TextField;
  label: string;
  required?: boolean;
  help?: ReactNode;
  rows?: number;
}) {
  const { register, formState, control } = useFormContext<WizardValues>();
  const length = useWatch({ control, name }).length;
  const error = formState.errors[name];
  const id = `field-${name}`;
  const describedBy = [help && `${id}-help`, `${id}-counter`, error?.message && `${id}-error`].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <Form.Control
        as="textarea"
        rows={rows}
        maxLength={LIMITS[name]}
        aria-required={required || undefined}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy}
        {...register(name)}
      />
      {help && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      <Counter id={`${id}-counter`} length={length} max={LIMITS[name]} />
      <FieldError id={`${id}-error`} message={error?.message} />
    </Form.Group>
  );
}

const selectStyles: StylesConfig<NamedItem, true> = {
  menu: (base) => ({ ...base, zIndex: 20 }),
  // react-select's grey placeholder is too faint to read (WCAG contrast).
  placeholder: (base) => ({ ...base, color: '#595c5f' }),
  multiValueRemove: chipRemoveStyle,
};

/**
 * A searchable multi-select of id/name items whose value is the list of chosen ids; what matches what was typed at the
 * start of its name comes first. `self`: the rep's own item, marked as hers.
 */
export function MultiSelect({
  inputId,
  options,
  value,
  onChange,
  self,
}: {
  inputId: string;
  options: NamedItem[];
  value: number[];
  onChange: (chosen: NamedItem[]) => void;
  self?: number | null;
}) {
  const [typed, setTyped] = useState('');
  const marked = useMemo(
    () => (self == null ? options : options.map((o) => (o.id === self ? { ...o, name: nlWizard.self(o.name) } : o))),
    [options, self],
  );
  // New objects for each new text: react-select keeps the option focused before the text changed while it is still
  // listed, so Enter would take the old first instead of the best match.
  const ranked = useMemo(() => rankByTyped(marked, typed, (o) => o.name).map((o) => ({ ...o })), [marked, typed]);
  const chosen = value.map((id) => marked.find((o) => o.id === id)).filter((o): o is NamedItem => o !== undefined);
  return (
    <Select<NamedItem, true>
      inputId={inputId}
      isMulti
      options={ranked}
      inputValue={typed}
      onInputChange={setTyped}
      components={{ MultiValueRemove: DutchMultiValueRemove }}
      value={chosen}
      onChange={(items) => onChange([...items])}
      getOptionValue={(o) => String(o.id)}
      getOptionLabel={(o) => o.name}
      maxMenuHeight={MAX_MENU_HEIGHT}
      menuPlacement="auto"
      {...selectTexts}
      styles={selectStyles}
      classNamePrefix="wizard-select"
    />
  );
}
