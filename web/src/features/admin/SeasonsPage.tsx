// Seizoenen (/beheer/seizoenen, decision 068): the seasons newest first, each with its pre-order window and the FC70
// brands whose window differs; add, change and delete (after she confirms). A table on a wide screen, cards on a phone.
import { useState } from 'react';
import { Table } from 'react-bootstrap';
import type { Season } from '@prospectie/contract';
import { nlAdmin } from '../../i18n/nlAdmin';
import { useDeleteSeason, useSeasons } from './api';
import { ListPage, LoadedList } from './ListPage';
import { ChangeNotice, ConfirmDialog, ListCard, RowButton, useLastShown, type Notice } from './parts';
import { SeasonDialog } from './SeasonDialog';
import { windowText } from './seasonForm';

const t = nlAdmin.seasons;

function BrandWindows({ season }: { season: Season }) {
  if (season.brandWindows.length === 0) return <span className="text-body-secondary">{t.noBrandWindows}</span>;
  return (
    <ul className="list-unstyled mb-0">
      {season.brandWindows.map((w) => (
        <li key={w.brandId}>{t.brandWithWindow(w.brandName, windowText(w))}</li>
      ))}
    </ul>
  );
}

interface Actions {
  onEdit: () => void;
  onDelete: () => void;
}

function SeasonActions({ season, actions }: { season: Season; actions: Actions }) {
  return (
    <div className="d-flex flex-wrap gap-2 admin-actions">
      <RowButton label={t.edit} name={t.editLabel(season.name)} variant="primary" onClick={actions.onEdit} />
      <RowButton label={t.delete} name={t.deleteLabel(season.name)} variant="danger" onClick={actions.onDelete} />
    </div>
  );
}

function SeasonTable({ seasons, actions }: { seasons: Season[]; actions: (season: Season) => Actions }) {
  return (
    <Table responsive hover className="admin-table align-middle bg-white">
      <thead>
        <tr>
          <th scope="col">{t.columns.name}</th>
          <th scope="col">{t.columns.window}</th>
          <th scope="col">{t.columns.brandWindows}</th>
          <th scope="col">{t.columns.actions}</th>
        </tr>
      </thead>
      <tbody>
        {seasons.map((season) => (
          <tr key={season.id}>
            <th scope="row" className="fw-semibold">
              {season.name}
            </th>
            <td className="text-nowrap">{windowText(season)}</td>
            <td>
              <BrandWindows season={season} />
            </td>
            <td>
              <SeasonActions season={season} actions={actions(season)} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function SeasonCards({ seasons, actions }: { seasons: Season[]; actions: (season: Season) => Actions }) {
  return (
    <ul className="list-unstyled admin-cards">
      {seasons.map((season) => (
        <ListCard key={season.id} title={season.name} status={null}>
          <div className="small">{windowText(season)}</div>
          <div className="small text-body-secondary mb-2 text-break">
            <BrandWindows season={season} />
          </div>
          <SeasonActions season={season} actions={actions(season)} />
        </ListCard>
      ))}
    </ul>
  );
}

export function SeasonsPage() {
  const seasons = useSeasons();
  const removal = useDeleteSeason();
  const [editing, setEditing] = useState<Season | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Season | null>(null);
  const asked = useLastShown(deleting);
  const [notice, setNotice] = useState<Notice>(null);

  const actions = (season: Season): Actions => ({
    onEdit: () => setEditing(season),
    onDelete: () => {
      removal.reset();
      setDeleting(season);
    },
  });
  const remove = (season: Season) =>
    removal.mutate(season.id, {
      onSuccess: () => {
        setDeleting(null);
        setNotice({ ok: true, text: t.deleted(season.name) });
      },
    });

  const list = seasons.data ?? [];
  return (
    <ListPage titleId="admin-seasons-title" title={t.title} addLabel={t.add} onAdd={() => setEditing('new')}>
      <p className="my-3">{t.intro}</p>
      <ChangeNotice notice={notice} onClose={() => setNotice(null)} />
      <LoadedList
        query={seasons}
        count={list.length}
        loadingText={t.loading}
        status={list.length === 0 ? t.empty : t.count(list.length)}
        cards={<SeasonCards seasons={list} actions={actions} />}
        table={<SeasonTable seasons={list} actions={actions} />}
      />
      {editing && (
        <SeasonDialog
          season={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setNotice({ ok: true, text });
          }}
        />
      )}
      <ConfirmDialog
        show={deleting !== null}
        title={asked ? t.deleteTitle(asked.name) : ''}
        confirmLabel={t.delete}
        pending={removal.isPending}
        error={removal.error}
        onConfirm={() => asked && remove(asked)}
        onCancel={() => setDeleting(null)}
      >
        <p className="mb-0">{t.deleteText}</p>
      </ConfirmDialog>
    </ListPage>
  );
}
