// A new appointment or a change of one on the calendar (decision 028): the appointment form with a shop to choose.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Form, Modal } from 'react-bootstrap';
import Select from 'react-select';
import type { ShopListItem } from '@prospectie/contract';
import { shopListQuery } from '../../api/shops';
import { AppointmentForm } from './AppointmentForm';
import { nlPlanning } from '../../i18n/nlPlanning';
import type { AppointmentFormValues } from './appointmentRules';
import { foldForSearch } from '../../lib/foldForSearch';
import { selectTexts } from '../../lib/selectTexts';

/** At most this many shops are offered at once: typing narrows 20,000 shops down. */
const SHOWN_SHOPS = 50;

interface ShopOption {
  id: number;
  name: string;
  city?: string | null;
}

const optionLabel = (shop: ShopOption) => (shop.city ? `${shop.name} (${shop.city})` : shop.name);

function ShopField({ value, onChange }: { value: ShopOption | null; onChange: (shop: ShopOption | null) => void }) {
  const shops = useQuery(shopListQuery);
  const [typed, setTyped] = useState('');
  const index = useMemo(
    () =>
      (shops.data ?? [])
        .filter((s) => s.name?.trim())
        .map((shop) => ({ shop, haystack: foldForSearch(`${shop.name} ${shop.city ?? ''}`) })),
    [shops.data],
  );
  const options = useMemo(() => {
    const words = foldForSearch(typed).split(/\s+/).filter(Boolean);
    if (words.join('').length < 2) return [];
    const found: ShopListItem[] = [];
    for (const entry of index) {
      if (words.every((w) => entry.haystack.includes(w))) found.push(entry.shop);
      if (found.length === SHOWN_SHOPS) break;
    }
    return found;
  }, [index, typed]);

  return (
    <Form.Group className="mb-2">
      <Form.Label htmlFor="appointment-shop">{nlPlanning.form.shop}</Form.Label>
      <Select<ShopOption>
        inputId="appointment-shop"
        instanceId="appointment-shop"
        classNamePrefix="app-select"
        isClearable
        options={options}
        value={value}
        onChange={(shop) => onChange(shop ? { id: shop.id, name: shop.name } : null)}
        onInputChange={(text, { action }) => {
          if (action === 'input-change') setTyped(text);
        }}
        filterOption={null}
        getOptionValue={(shop) => String(shop.id)}
        getOptionLabel={optionLabel}
        isLoading={shops.isPending && shops.fetchStatus === 'fetching'}
        aria-describedby="appointment-shop-hint"
        {...selectTexts}
      />
      <Form.Text id="appointment-shop-hint">{nlPlanning.form.shopHint}</Form.Text>
    </Form.Group>
  );
}

export function AppointmentFormDialog({
  editing,
  onClose,
  onSubmit,
  error,
}: {
  /** What the form starts with; null hides the dialog. `isNew` titles it Nieuwe afspraak. */
  editing: { initial: AppointmentFormValues; isNew: boolean } | null;
  onClose: () => void;
  onSubmit: (values: AppointmentFormValues) => Promise<unknown>;
  error: string | null;
}) {
  return (
    <Modal show={editing !== null} onHide={onClose} centered aria-labelledby="appointment-form-title">
      {editing && (
        <>
          <Modal.Header closeButton closeLabel={nlPlanning.close}>
            <Modal.Title as="h2" className="h5" id="appointment-form-title">
              {editing.isNew ? nlPlanning.newAppointment : nlPlanning.editAppointment}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <AppointmentForm
              initial={editing.initial}
              onCancel={onClose}
              onSubmit={onSubmit}
              submitError={error}
              renderShop={(shop, choose) => <ShopField value={shop} onChange={choose} />}
            />
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}
