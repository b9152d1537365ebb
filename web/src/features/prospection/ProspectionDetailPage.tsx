// One visit, read-only, in the sections of spec §2: info, FC70 brands, other brands, general, interests, feedback, follow-up.
// It prints as the visit report on A4 (styles.css, @media print): shop, rep and date at the top, every section, no app frame.
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import { Suspense, type ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { isNotFound, waitsForConnection } from '../../api/queryRules';
import { useShop } from '../../api/shops';
import { useNumericParam } from '../../lib/NumericParams';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotFound } from '../../components/NotFound';
import { NotOnDevicePage } from '../../components/NotOnDevicePage';
import { nlShop } from '../../i18n/nlShop';
import { nlTodos } from '../../i18n/nlTodos';
import { nlProspectionDetail } from '../../i18n/nlProspectionDetail';
import { formatDate, formatSellout, orNotAvailable } from '../../lib/format';
import { useProspection, useProspectionParts } from './api';
import { nameById } from './nameById';
import { lazyExtra } from '../../lib/lazyNow';

const t = nlProspectionDetail;

// the visit's pictures, in a chunk of their own.
const VisitPhotos = lazyExtra(() => import('./VisitPhotos').then((m) => m.VisitPhotos));

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <>
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className="mb-2 text-break pre-line">{orNotAvailable(value)}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-4" aria-label={title}>
      <h2 className="h5 border-bottom pb-1">{title}</h2>
      {children}
    </section>
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="col-12 col-md-6">
      <Card className="h-100">
        <Card.Body>
          <h3 className="h6">{title}</h3>
          <dl className="mb-0">{children}</dl>
        </Card.Body>
      </Card>
    </div>
  );
}

/** A section's items as a list group, or its empty text. */
function ItemList<T>({
  items,
  empty,
  itemKey,
  children,
}: {
  items: T[];
  empty: string;
  itemKey: (item: T) => number;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="text-body-secondary mb-0">{empty}</p>;
  return (
    <ul className="list-group">
      {items.map((item) => (
        <li key={itemKey(item)} className="list-group-item">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

export function ProspectionDetailPage() {
  const shopId = useNumericParam('shopId');
  const prospectionId = useNumericParam('prospectionId');
  const visit = useProspection(prospectionId);
  const parts = useProspectionParts(prospectionId);
  // The shop's name heads the printed report; the breadcrumbs (not printed) ask for the same query.
  const shop = useShop(shopId);
  const queries = [visit, ...Object.values(parts)];
  const back = (
    <Link to={`/shop/${shopId}/prospections`} className="btn btn-outline-primary action-button action-block d-print-none">
      {nlShop.prospections.backToOverview}
    </Link>
  );

  if (isNotFound(visit.error)) return <NotFound title={t.notFound} text={t.notFoundText} />;
  const failed = queries.find((q) => q.isError);
  if (failed) {
    return (
      <section>
        <LoadError error={failed.error} onRetry={() => queries.forEach((q) => q.isError && q.refetch())} />
        {back}
      </section>
    );
  }
  if (queries.some(waitsForConnection)) return <NotOnDevicePage what={nlProspectionDetail.notOnDevice} />;
  if (queries.some((q) => q.isPending)) return <Loading text={t.loading} />;

  const p = visit.data!;
  const brands = parts.brands.data!;
  const competitors = parts.competitorBrands.data!;
  const interests = parts.interests.data!;
  const todos = parts.todos.data!;

  return (
    <article>
      <header className="mb-3">
        <h1 className="h3 mb-1">
          {nlShop.prospections.detailTitle} <span className="text-body-secondary fs-5">{formatDate(p.visitDate)}</span>
        </h1>
        <p className="mb-2 text-break">
          {shop.data && <span className="fw-semibold">{shop.data.name}</span>}
          {shop.data && ' · '}
          {t.visitedBy} {orNotAvailable(p.employeeName)}
        </p>
        <button type="button" className="btn btn-outline-primary action-button d-print-none" onClick={() => window.print()}>
          {t.print}
        </button>
      </header>

      <Section title={t.info}>
        <div className="row g-3">
          <InfoCard title={t.contactCard}>
            <Field label={t.contactType} value={nameById(parts.contactTypes.data!, p.contactTypeId)} />
            <Field label={t.name} value={p.contactName} />
            <Field label={t.email} value={p.contactEmail} />
            <Field label={t.phone} value={p.contactPhone} />
          </InfoCard>
          <InfoCard title={t.visitCard}>
            <Field label={t.visitDate} value={formatDate(p.visitDate)} />
            <Field label={t.visitType} value={nameById(parts.visitTypes.data!, p.visitTypeId)} />
            <Field label={t.visitContext} value={p.visitContext} />
            <Field label={t.visitedBy} value={p.employeeName} />
          </InfoCard>
        </div>
      </Section>

      <Section title={t.fc70Brands}>
        <ItemList items={brands} empty={t.noFc70Brands} itemKey={(b) => b.brandId}>
          {(b) => (
            <>
              <div className="d-flex flex-wrap justify-content-between column-gap-3">
                <span className="fw-semibold">{b.brandName}</span>
                <span>
                  {t.sellout}: {formatSellout(b.sellout)}
                </span>
              </div>
              {b.selloutRemark && <div className="small text-body-secondary pre-line">{b.selloutRemark}</div>}
            </>
          )}
        </ItemList>
      </Section>

      <Section title={t.otherBrands}>
        <dl className="mb-0">
          <Field label={t.competitorBrands} value={competitors.map((c) => c.competitorBrandName).join(', ')} />
          <Field label={t.newBrands} value={p.newBrands} />
        </dl>
      </Section>

      <Section title={t.general}>
        <dl className="mb-0">
          <Field label={t.bestBrands} value={p.bestBrands} />
          <Field label={t.worstBrands} value={p.worstBrands} />
          <Field label={t.terminatedBrands} value={p.terminatedBrands} />
        </dl>
      </Section>

      <Section title={t.interests}>
        <ItemList items={interests} empty={t.noInterests} itemKey={(i) => i.brandId}>
          {(i) => (
            <>
              <span className="fw-semibold">{i.brandName}</span>
              {i.remark && <div className="small text-body-secondary pre-line">{i.remark}</div>}
            </>
          )}
        </ItemList>
      </Section>

      <Section title={t.feedback}>
        <dl className="mb-0">
          <Field label={t.trends} value={p.trends} />
          <Field label={t.extra} value={p.extra} />
        </dl>
      </Section>

      <Suspense fallback={<Loading />}>
        <VisitPhotos prospectionId={prospectionId} />
      </Suspense>

      <Section title={t.todos}>
        <ItemList items={todos} empty={t.noTodos} itemKey={(todo) => todo.toDoId}>
          {(todo) => (
            <>
              <div className="d-flex flex-wrap gap-2 align-items-center">
                <span className="fw-semibold me-auto">{todo.name}</span>
                <span className={`badge ${todo.toDoStatusId === TODO_STATUS.done ? 'bg-success' : 'bg-secondary'}`}>
                  {nlTodos.statusNames[todo.toDoStatusId] ?? todo.toDoStatusId}
                </span>
              </div>
              {todo.remarks && <div className="small pre-line mb-1">{todo.remarks}</div>}
              <div className="small text-body-secondary">
                {t.assignees}: {orNotAvailable(todo.employees.map((e) => e.name).join(', '))}
              </div>
            </>
          )}
        </ItemList>
      </Section>

      {back}
    </article>
  );
}
