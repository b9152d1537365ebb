// /shop/{shopId}/prospections/new: offers an unsent draft first, then runs the wizard.
import { Suspense, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { useMe } from '../../api/session';
import { useShop } from '../../api/shops';
import { CardSection } from '../../components/CardSection';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { nlWizard } from '../../i18n/nlWizard';
import { useNumericParam } from '../../lib/NumericParams';
import { lazyExtra } from '../../lib/lazyNow';
import { randomKey } from '../../lib/randomKey';
import { useRefusedDraft } from '../../offline/useRefusedDraft';
import { useWizardReference } from './api';
import { clearDraft, loadDraft, readDraft, type WizardDraft } from './draft';
import { brusselsToday } from '@prospectie/contract/dates';
import { emptyVisit } from './form';
import { dropPhotosOf, takeBackPhotos } from './useDraftPhotos';
import { WizardForm } from './WizardForm';
import { hereInShopCode } from '../map';
import './wizard.css';

// 'Ik sta in deze winkel' (decision 071): shown only for a shop the device knows no place of, so it loads beside the form.
const HereInShop = lazyExtra(() => hereInShopCode().then((m) => m.HereInShop));

/** Where Start bezoek (decision 028) opened the wizard from: the appointment, and its day (never after today). */
interface FromPlan {
  appointmentId: string;
  visitDate: string;
}

function fromPlanOf(params: URLSearchParams): FromPlan | null {
  const appointmentId = params.get('afspraak');
  if (!appointmentId) return null;
  const today = brusselsToday();
  const day = params.get('datum') ?? '';
  return { appointmentId, visitDate: /^\d{4}-\d{2}-\d{2}$/.test(day) && day <= today ? day : today };
}

const freshStart = (plan: FromPlan | null = null): Omit<WizardDraft, 'savedAt'> => ({
  values: emptyVisit(plan?.visitDate),
  step: 0,
  idempotencyKey: randomKey(),
  ...(plan ? { appointmentId: plan.appointmentId } : {}),
});

const savedAtText = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('nl-BE', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
};

function DraftOffer({ draft, onContinue, onStartOver }: { draft: WizardDraft; onContinue: () => void; onStartOver: () => void }) {
  return (
    <CardSection titleId="draft-title" title={nlWizard.draftTitle} className="wizard-card">
      <p>{nlWizard.draftFound(savedAtText(draft.savedAt))}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="primary" onClick={onContinue}>
          {nlWizard.continueDraft}
        </Button>
        <Button variant="outline-secondary" onClick={onStartOver}>
          {nlWizard.startOver}
        </Button>
      </div>
    </CardSection>
  );
}

export function WizardPage() {
  const shopId = useNumericParam('shopId');
  // The Shell renders screens only for a signed-in user.
  const me = useMe().data!;
  const userId = me.user.id;
  const shop = useShop(shopId);
  const reference = useWizardReference();
  // A visit the server refused after it waited offline comes back as the draft, with the server's message.
  const refused = useRefusedDraft<unknown>('visit', userId, shopId);
  const [params] = useSearchParams();
  const [plan] = useState(() => fromPlanOf(params));
  // Read as a kept draft is: one kept with a visit before the brand statuses lacks them (decision 066).
  const [stored] = useState(() => readDraft(refused.draft) ?? loadDraft(userId, shopId));
  const [start, setStart] = useState<Omit<WizardDraft, 'savedAt'> | null>(() => (stored ? null : freshStart(plan)));
  const restored = start !== null && start === stored;

  let body;
  if (start === null && stored) {
    body = (
      <DraftOffer
        draft={stored}
        onContinue={() =>
          void takeBackPhotos(stored.idempotencyKey).then(() => {
            // A draft begun before the rep pressed Start bezoek is linked to that appointment too.
            setStart(plan && !stored.appointmentId ? { ...stored, appointmentId: plan.appointmentId } : stored);
            refused.forget();
          })
        }
        onStartOver={() => {
          clearDraft(userId, shopId);
          void dropPhotosOf(stored.idempotencyKey).then(refused.forget);
          setStart(freshStart(plan));
        }}
      />
    );
  } else if (reference.isPending) {
    body = <Loading />;
  } else if (reference.error) {
    body = <LoadError error={reference.error} onRetry={reference.refetch} />;
  } else if (start) {
    body = (
      <WizardForm
        shopId={shopId}
        shopName={shop.data?.name}
        userId={userId}
        self={me.employee?.id ?? null}
        initial={start}
        restored={restored}
        reference={{
          brands: reference.brands.data ?? [],
          competitorBrands: reference.competitorBrands.data ?? [],
          contactTypes: reference.contactTypes.data ?? [],
          visitTypes: reference.visitTypes.data ?? [],
          employees: reference.employees.data ?? [],
        }}
      />
    );
  }

  return (
    <div className="wizard">
      <h1 className="h3 mb-1">{nlWizard.title}</h1>
      {shop.data && <p className="text-body-secondary mb-3">{shop.data.name}</p>}
      <p className="small text-body-secondary">{nlWizard.draftKept}</p>
      {refused.message && <Alert variant="danger">{refused.message}</Alert>}
      <Suspense fallback={null}>
        <HereInShop shopId={shopId} />
      </Suspense>
      {body}
    </div>
  );
}
