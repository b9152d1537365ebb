// Merken (/beheer/merken): FC70 brands and competitor brands on two tabs, each with its list (name, status,
// visits) and its changes: add, rename, deactivate, reactivate and merge into another entry.
import { useId, useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { Badge, Form, Tab, Table, Tabs } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import type { AdminBrand, BrandKind } from '@prospectie/contract';
import { apiErrorText } from '../../api/errorText';
import { nlAdmin } from '../../i18n/nlAdmin';
import { useBrands, useChangeBrand } from './api';
import { BrandNameDialog, MergeDialog } from './BrandDialogs';
import { LoadedList } from './ListPage';
import { ChangeNotice, ConfirmDialog, ListCard, PendingButton, RowButton, TextInput, useLastShown, type Notice } from './parts';

const t = nlAdmin.brands;
/** The tab in the address (?soort=concurrenten), so a link or a reload opens the same list. */
const KIND_OF_PARAM: Record<string, BrandKind> = { fc70: 'brands', concurrenten: 'competitor-brands' };
const PARAM_OF_KIND: Record<BrandKind, string> = { brands: 'fc70', 'competitor-brands': 'concurrenten' };

const byName = (a: AdminBrand, b: AdminBrand) => a.name.localeCompare(b.name, 'nl', { sensitivity: 'base' });

function BrandStatus({ brand }: { brand: AdminBrand }) {
  if (brand.mergedInto)
    return (
      <Badge bg="info" text="dark">
        {t.mergedInto(brand.mergedInto.name)}
      </Badge>
    );
  return <Badge bg={brand.active ? 'success' : 'secondary'}>{brand.active ? t.active : t.inactive}</Badge>;
}

interface Actions {
  busy: boolean;
  onRename: () => void;
  onDeactivate: () => void;
  onReactivate: () => void;
  onMerge: () => void;
}

function BrandActions({ brand, actions }: { brand: AdminBrand; actions: Actions }) {
  // A merged entry is gone for good: it only says where it went.
  if (brand.mergedInto) return null;
  return (
    <div className="d-flex flex-wrap gap-2 admin-actions">
      <RowButton label={t.rename} name={t.renameLabel(brand.name)} variant="primary" onClick={actions.onRename} />
      {brand.active ? (
        <RowButton label={t.deactivate} name={t.deactivateLabel(brand.name)} variant="danger" onClick={actions.onDeactivate} />
      ) : (
        <RowButton
          label={t.reactivate}
          name={t.reactivateLabel(brand.name)}
          variant="success"
          busy={actions.busy}
          onClick={actions.onReactivate}
        />
      )}
      <RowButton label={t.merge} name={t.mergeLabel(brand.name)} variant="secondary" onClick={actions.onMerge} />
    </div>
  );
}

function BrandTable({ brands, actions }: { brands: AdminBrand[]; actions: (brand: AdminBrand) => Actions }) {
  return (
    <Table responsive hover className="admin-table align-middle bg-white">
      <thead>
        <tr>
          <th scope="col">{t.columns.name}</th>
          <th scope="col">{t.columns.status}</th>
          <th scope="col" className="text-end">
            {t.columns.visits}
          </th>
          <th scope="col">{t.columns.actions}</th>
        </tr>
      </thead>
      <tbody>
        {brands.map((brand) => (
          <tr key={brand.id}>
            <th scope="row" className="fw-semibold">
              {brand.name}
            </th>
            <td>
              <BrandStatus brand={brand} />
            </td>
            <td className="text-end">{brand.visitCount}</td>
            <td>
              <BrandActions brand={brand} actions={actions(brand)} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function BrandCards({ brands, actions }: { brands: AdminBrand[]; actions: (brand: AdminBrand) => Actions }) {
  return (
    <ul className="list-unstyled admin-cards">
      {brands.map((brand) => (
        <ListCard key={brand.id} title={brand.name} status={<BrandStatus brand={brand} />}>
          <div className="small text-body-secondary mb-2">{t.visits(brand.visitCount)}</div>
          <BrandActions brand={brand} actions={actions(brand)} />
        </ListCard>
      ))}
    </ul>
  );
}

function AddBrand({ kind, onAdded }: { kind: BrandKind; onAdded: (text: string) => void }) {
  const id = useId();
  const add = useChangeBrand(kind);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(nlAdmin.required);
    add.mutate(
      { kind: 'create', name: trimmed },
      {
        onSuccess: () => {
          setName('');
          onAdded(t.added(trimmed));
        },
        onError: (err) => setError(apiErrorText(err)),
      },
    );
  };
  return (
    <Form onSubmit={submit} noValidate className="admin-add my-3">
      <Form.Label htmlFor={`${id}-name`} className="mb-1">
        {t.newName[kind]}
      </Form.Label>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <div className="flex-grow-1 admin-add-field">
          <TextInput
            id={`${id}-name`}
            value={name}
            maxLength={TEXT_LIMITS.name}
            error={error}
            onChange={(value) => {
              setName(value);
              setError(null);
            }}
          />
        </div>
        <PendingButton type="submit" pending={add.isPending}>
          {t.add}
        </PendingButton>
      </div>
    </Form>
  );
}

type Dialog = { type: 'rename' | 'deactivate' | 'merge'; brand: AdminBrand } | null;

function BrandList({ kind }: { kind: BrandKind }) {
  const brands = useBrands(kind);
  const activation = useChangeBrand(kind);
  const [dialog, setDialog] = useState<Dialog>(null);
  const shown = useLastShown(dialog);
  const [notice, setNotice] = useState<Notice>(null);
  const done = (text: string) => {
    setDialog(null);
    setNotice({ ok: true, text });
  };

  const setActive = (brand: AdminBrand, active: boolean) =>
    activation.mutate(
      { kind: 'update', id: brand.id, active },
      {
        onSuccess: () => done((active ? t.reactivated : t.deactivated)(brand.name)),
        onError: (err) => !active || setNotice({ ok: false, text: apiErrorText(err) }),
      },
    );

  const actions = (brand: AdminBrand): Actions => ({
    busy: activation.isPending && activation.variables?.kind === 'update' && activation.variables.id === brand.id,
    onRename: () => setDialog({ type: 'rename', brand }),
    onDeactivate: () => {
      activation.reset();
      setDialog({ type: 'deactivate', brand });
    },
    onReactivate: () => setActive(brand, true),
    onMerge: () => setDialog({ type: 'merge', brand }),
  });

  const list = [...(brands.data ?? [])].sort(byName);
  return (
    <>
      <AddBrand kind={kind} onAdded={(text) => setNotice({ ok: true, text })} />
      <ChangeNotice notice={notice} onClose={() => setNotice(null)} />
      <LoadedList
        query={brands}
        count={list.length}
        loadingText={t.loading}
        status={list.length === 0 ? t.empty : t.count(list.length)}
        cards={<BrandCards brands={list} actions={actions} />}
        table={<BrandTable brands={list} actions={actions} />}
      />
      {dialog?.type === 'rename' && <BrandNameDialog kind={kind} brand={dialog.brand} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.type === 'merge' && <MergeDialog kind={kind} brand={dialog.brand} onClose={() => setDialog(null)} onDone={done} />}
      <ConfirmDialog
        show={dialog?.type === 'deactivate'}
        title={shown ? t.deactivateTitle(shown.brand.name) : ''}
        confirmLabel={t.deactivate}
        pending={activation.isPending}
        error={activation.error}
        onConfirm={() => shown && setActive(shown.brand, false)}
        onCancel={() => setDialog(null)}
      >
        <p className="mb-0">{t.deactivateText}</p>
      </ConfirmDialog>
    </>
  );
}

export function BrandsPage() {
  const [params, setParams] = useSearchParams();
  const kind = KIND_OF_PARAM[params.get('soort') ?? ''] ?? 'brands';
  return (
    <section aria-labelledby="admin-brands-title">
      <h1 className="h3" id="admin-brands-title">
        {t.title}
      </h1>
      <Tabs
        id="admin-brand-kinds"
        activeKey={kind}
        onSelect={(key) => key && setParams({ soort: PARAM_OF_KIND[key as BrandKind] }, { replace: true })}
        mountOnEnter
        className="mt-3"
      >
        {(['brands', 'competitor-brands'] as const).map((k) => (
          <Tab key={k} eventKey={k} title={t.kinds[k]}>
            <BrandList kind={k} />
          </Tab>
        ))}
      </Tabs>
    </section>
  );
}
