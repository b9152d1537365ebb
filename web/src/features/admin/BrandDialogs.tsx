// The two brand changes that need a dialog: renaming, and merging into another active entry of the same kind.
import { useId, useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { Form } from 'react-bootstrap';
import type { AdminBrand, BrandKind } from '@prospectie/contract';
import { apiErrorText } from '../../api/errorText';
import { nl } from '../../i18n/nl';
import { nlAdmin } from '../../i18n/nlAdmin';
import { useBrands, useChangeBrand } from './api';
import { ConfirmDialog, FormDialog, refusedField, TextInput } from './parts';

const t = nlAdmin.brands;

interface DialogProps {
  kind: BrandKind;
  brand: AdminBrand;
  onClose: () => void;
  /** Called with the word to show once the change is made. */
  onDone: (text: string) => void;
}

export function BrandNameDialog({ kind, brand, onClose, onDone }: DialogProps) {
  const id = useId();
  const rename = useChangeBrand(kind);
  const [name, setName] = useState(brand.name);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const trimmed = name.trim();
    if (!trimmed) return setFieldError(nlAdmin.required);
    if (trimmed === brand.name) return onClose();
    rename.mutate(
      { kind: 'update', id: brand.id, name: trimmed },
      {
        onSuccess: () => onDone(t.renamed(brand.name, trimmed)),
        onError: (err) => (refusedField(err) === 'name' ? setFieldError(apiErrorText(err)) : setGeneral(apiErrorText(err))),
      },
    );
  };

  return (
    <FormDialog
      title={t.renameTitle(brand.name)}
      pending={rename.isPending}
      problem={general}
      submitLabel={nlAdmin.save}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Form.Label htmlFor={`${id}-name`}>{t.name}</Form.Label>
      <TextInput
        id={`${id}-name`}
        value={name}
        maxLength={TEXT_LIMITS.name}
        autoFocus
        error={fieldError}
        onChange={(value) => {
          setName(value);
          setFieldError(null);
        }}
      />
    </FormDialog>
  );
}

/** 'Samenvoegen met…': pick the entry that stays, read what moves and that it cannot be undone, confirm. */
export function MergeDialog({ kind, brand: opened, onClose, onDone }: DialogProps) {
  const id = useId();
  const merge = useChangeBrand(kind);
  // The list as it is now: another administrator or a visit sent meanwhile may have changed it.
  const list = useBrands(kind, { askAgain: true }).data ?? [];
  const brand = list.find((c) => c.id === opened.id) ?? opened;
  const targets = list.filter((c) => c.active && c.id !== brand.id).sort((a, b) => a.name.localeCompare(b.name, 'nl'));
  const [intoId, setIntoId] = useState<number | null>(null);
  const into = targets.find((c) => c.id === intoId);

  return (
    <ConfirmDialog
      show
      title={t.mergeTitle(brand.name)}
      confirmLabel={t.mergeConfirm}
      pending={merge.isPending}
      error={merge.error}
      confirmDisabled={!into}
      onCancel={onClose}
      onConfirm={() =>
        into && merge.mutate({ kind: 'merge', id: brand.id, intoId: into.id }, { onSuccess: () => onDone(t.merged(brand.name, into.name)) })
      }
    >
      {targets.length === 0 ? (
        <p className="mb-0">{t.mergeNoTarget}</p>
      ) : (
        <>
          <Form.Group controlId={`${id}-into`} className="mb-3">
            <Form.Label>{t.mergeTarget}</Form.Label>
            <Form.Select
              value={intoId ?? ''}
              autoFocus
              onChange={(e) => {
                setIntoId(e.target.value ? Number(e.target.value) : null);
                merge.reset();
              }}
            >
              <option value="">{nl.select.placeholder}</option>
              {targets.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <p className="mb-0" aria-live="polite">
            {into &&
              (brand.visitCount > 0 ? t.mergeText(brand.name, brand.visitCount, into.name) : t.mergeTextNoVisits(brand.name, into.name))}
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
