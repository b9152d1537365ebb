// On a shop's page (decision 028): its next planned visit (anyone's), its last visit and who made it, and Bezoek plannen.
import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useShopPlan } from './queries';
import { waitsForConnection } from '../../api/queryRules';
import { CardSection } from '../../components/CardSection';
import { LoadError } from '../../components/LoadError';
import { PlannedNotice } from './PlannedNotice';
import { loadPlanVisitDialogSoon, PlanVisitDialog } from './PlanVisitDialogLater';
import { nl } from '../../i18n/nl';
import { nlPlanning } from '../../i18n/nlPlanning';
import { formatDate, formatDateTime } from '../../lib/format';
import type { AppointmentWriteOutcome } from './appointmentWrites';

export function ShopPlan({ shop }: { shop: { id: number; name: string } }) {
  const plan = useShopPlan(shop.id);
  const [planning, setPlanning] = useState(false);
  useEffect(loadPlanVisitDialogSoon, []);
  const [outcome, setOutcome] = useState<AppointmentWriteOutcome | null>(null);
  const texts = nlPlanning.shopPlan;
  const next = plan.data?.nextAppointment;
  const last = plan.data?.lastVisit;

  return (
    <CardSection titleId="shop-plan-title" title={texts.title} className="mb-3">
      {plan.isError && <LoadError error={plan.error} onRetry={() => plan.refetch()} />}
      {plan.data ? (
        <dl className="row mb-2">
          <div className="col-12 col-sm-6">
            <dt className="small text-body-secondary fw-normal">{texts.next}</dt>
            <dd className="mb-2" data-testid="next-planned-visit">
              {next ? texts.nextBy(formatDateTime(next.startDate), next.employeeName) : texts.noNext}
            </dd>
          </div>
          <div className="col-12 col-sm-6">
            <dt className="small text-body-secondary fw-normal">{texts.last}</dt>
            <dd className="mb-2" data-testid="last-visit">
              {/* Not a link: the same visit heads the recent visits right below. */}
              {last ? texts.lastBy(formatDate(last.visitDate), last.employeeName) : texts.noLast}
            </dd>
          </div>
        </dl>
      ) : (
        !plan.isError && (
          <p className="text-body-secondary small">{waitsForConnection(plan) ? nl.offline.notOnDevice.title : texts.loading}</p>
        )
      )}
      <PlannedNotice outcome={outcome} onClose={() => setOutcome(null)} />
      <Button variant="outline-primary" className="action-button" onClick={() => setPlanning(true)}>
        {nlPlanning.planVisit}
      </Button>
      <PlanVisitDialog
        shop={shop}
        show={planning}
        onClose={() => setPlanning(false)}
        onDone={(result) => {
          setPlanning(false);
          setOutcome(result);
        }}
      />
    </CardSection>
  );
}
