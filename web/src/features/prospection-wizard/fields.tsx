// Form pieces the wizard's steps share: a labelled text area and a multi-select of named items.
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useFormContext } from 'react-hook-form';
import Select, { type StylesConfig } from 'react-select';
import type { NamedItem } from '@prospectie/contract';
import { nl } from '../../i18n/nl';
import { selectTexts } from '../../lib/selectTexts';
import type { WizardValues } from './form';

/** Spec §9: dropdowns on forms open at most 200 px high. */
const MAX_MENU_HEIGHT = 200;

export function RequiredMark() {
  return (
    <>
      <span className="text-danger" aria-hidden="true"> *</span>
      <span className="visually-hidden"> {nl.wizard.required}</span>
    </>
  );
}

type TextField = 'newBrands' | 'bestBrands' | 'worstBrands' | 'terminatedBrands' | 'trends' | 'extra';

/** A text area bound to one text field of the form; `required` adds the asterisk and red border. */
export function TextAreaField({ name, label, required = false, help, rows = 3 }: { name: TextField; label: string; required?: boolean; help?: ReactNode; rows?: number }) {
  const { register, formState } = useFormContext<WizardValues>();
  const error = formState.errors[name];
  const id = `field-${name}`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <Form.Control
        as="textarea"
        rows={rows}
        aria-required={required || undefined}
        isInvalid={Boolean(error)}
        aria-describedby={help ? `${id}-help` : undefined}
        {...register(name)}
      />
      {help && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      {error?.message && <Form.Control.Feedback type="invalid">{error.message}</Form.Control.Feedback>}
    </Form.Group>
  );
}

const selectStyles: StylesConfig<NamedItem, true> = {
  menu: (base) => ({ ...base, zIndex: 20 }),
  // react-select's grey placeholder is too faint to read (WCAG contrast).
  placeholder: (base) => ({ ...base, color: '#595c5f' }),
  multiValueRemove: (base) => ({ ...base, minWidth: 24, justifyContent: 'center' }),
};

/** A searchable multi-select of id/name items whose value is the list of chosen ids. */
export function MultiSelect({
  inputId,
  options,
  value,
  onChange,
}: {
  inputId: string;
  options: NamedItem[];
  value: number[];
  onChange: (chosen: NamedItem[]) => void;
}) {
  const chosen = value.map((id) => options.find((o) => o.id === id)).filter((o): o is NamedItem => o !== undefined);
  return (
    <Select<NamedItem, true>
      inputId={inputId}
      isMulti
      options={options}
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
