// Winkels zonder ligging (/beheer/liggingen, decision 071): the shops not on the map yet, page by page with how many there
// are, and for one a small map to put its pin (a click, or a drag) or its typed coordinates; saved, it leaves the list.
import { Suspense, useState, type FormEvent } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopsWithoutPlacePage } from '@prospectie/contract';
import { placeShop, shopsWithoutPlace } from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { apiErrorText } from '../../api/errorText';
import { shopKeys } from '../../api/shops';
import { Loading } from '../../components/Loading';
import { nlMap } from '../../i18n/nlMap';
import { adminKeys, noQueue } from './api';
import { ListPage, LoadedList, LoadMore } from './ListPage';
import { ChangeNotice, FormDialog, ListCard, type Notice } from './parts';
import { parseDegrees, showDegrees } from './pinForm';
import { lazyExtra } from '../../lib/lazyNow';

const t = nlMap.unplaced;
const PinMap = lazyExtra(() => import('../map').then((map) => map.pinMapCode()).then((m) => m.PinMap));

type Shop = ShopsWithoutPlacePage['shops'][number];

const keys = { unplaced: [...adminKeys.all, 'shops-without-place'] as const };
const PAGE_SIZE = 50;

function useShopsWithoutPlace() {
  return useInfiniteQuery({
    queryKey: keys.unplaced,
    queryFn: ({ pageParam, signal }) =>
      call(shopsWithoutPlace, { query: { limit: PAGE_SIZE, ...(pageParam ? { after: pageParam } : {}) }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextAfter ?? undefined,
  });
}

const addressOf = (shop: Shop) =>
  [shop.street, [shop.postalCode, shop.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || t.noAddress;

function PinDialog({ shop, onDone, onCancel }: { shop: Shop; onDone: (notice: Notice) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [problem, setProblem] = useState<{ latitude?: string; longitude?: string; form?: string }>({});
  const lat = parseDegrees(latitude, 90);
  const lon = parseDegrees(longitude, 180);
  const save = useMutation({
    ...noQueue,
    mutationFn: (place: { latitude: number; longitude: number }) => call(placeShop, { params: { id: shop.shopId }, body: place }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.unplaced });
      void queryClient.invalidateQueries({ queryKey: shopKeys.places });
      onDone({ text: t.saved(shop.name), ok: true });
    },
    onError: (error) => setProblem({ form: apiErrorText(error) }),
  });
  const pin = (point: { latitude: number; longitude: number }) => {
    setLatitude(showDegrees(point.latitude));
    setLongitude(showDegrees(point.longitude));
    setProblem({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { latitude: lat === null ? t.latitudeInvalid : undefined, longitude: lon === null ? t.longitudeInvalid : undefined };
    if (lat === null || lon === null) return setProblem(latitude || longitude ? found : { form: t.pinMissing });
    save.mutate({ latitude: lat, longitude: lon });
  };
  return (
    <FormDialog
      title={t.dialogTitle(shop.name)}
      size="lg"
      pending={save.isPending}
      problem={problem.form ?? null}
      submitLabel={t.save}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <p className="mb-1">{addressOf(shop)}</p>
      <p className="small text-body-secondary">{t.howTo}</p>
      <Suspense fallback={<Loading text={t.mapLoading} />}>
        <PinMap
          label={t.mapLabel(shop.name)}
          city={shop.city}
          pin={lat !== null && lon !== null ? { latitude: lat, longitude: lon } : null}
          onPin={pin}
        />
      </Suspense>
      <div className="row g-3 mt-1">
        {(['latitude', 'longitude'] as const).map((field) => (
          <Form.Group key={field} className="col-12 col-sm-6" controlId={`pin-${field}`}>
            <Form.Label>{t[field]}</Form.Label>
            <Form.Control
              value={field === 'latitude' ? latitude : longitude}
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              placeholder={field === 'latitude' ? '51,05430' : '3,71740'}
              isInvalid={!!problem[field]}
              aria-describedby={problem[field] ? `pin-${field}-error` : undefined}
              onChange={(e) => (field === 'latitude' ? setLatitude : setLongitude)(e.target.value)}
            />
            <Form.Control.Feedback type="invalid" id={`pin-${field}-error`}>
              {problem[field]}
            </Form.Control.Feedback>
          </Form.Group>
        ))}
      </div>
    </FormDialog>
  );
}

function PinButton({ shop, onPin }: { shop: Shop; onPin: (shop: Shop) => void }) {
  return (
    <Button variant="outline-primary" className="action-button" aria-label={t.pinAt(shop.name)} onClick={() => onPin(shop)}>
      {t.pin}
    </Button>
  );
}

export function ShopsWithoutPlacePage() {
  const list = useShopsWithoutPlace();
  const [chosen, setChosen] = useState<Shop | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const shops = list.data?.pages.flatMap((page) => page.shops) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return (
    <ListPage titleId="admin-unplaced-title" title={t.title}>
      <p className="text-body-secondary mt-2">{t.intro}</p>
      <ChangeNotice notice={notice} onClose={() => setNotice(null)} />
      <LoadedList
        query={list}
        count={shops.length}
        loadingText={t.loading}
        status={total === 0 ? t.empty : t.shown(shops.length, total)}
        cards={
          <ul className="list-unstyled admin-cards">
            {shops.map((shop) => (
              <ListCard key={shop.shopId} title={shop.name} status={null}>
                <div className="small text-body-secondary mb-2">{addressOf(shop)}</div>
                <PinButton shop={shop} onPin={setChosen} />
              </ListCard>
            ))}
          </ul>
        }
        table={
          <Table responsive hover className="admin-table align-middle bg-white small">
            <thead>
              <tr>
                <th scope="col">{t.columns.shop}</th>
                <th scope="col">{t.columns.address}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.columns.action}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shops.map((shop) => (
                <tr key={shop.shopId}>
                  <th scope="row" className="fw-semibold">
                    {shop.name}
                  </th>
                  <td>{addressOf(shop)}</td>
                  <td className="text-end">
                    <PinButton shop={shop} onPin={setChosen} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        }
      />
      <LoadMore query={list} count={shops.length} allText={t.all} />
      {chosen && (
        <PinDialog
          key={chosen.shopId}
          shop={chosen}
          onCancel={() => setChosen(null)}
          onDone={(done) => {
            setChosen(null);
            setNotice(done);
          }}
        />
      )}
    </ListPage>
  );
}
