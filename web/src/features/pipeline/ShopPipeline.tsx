// The shop page's 'Merken van FC70' (decision 066): where the shop stands for each FC70 brand, since when, the next
// step planned, a way to change it, and the history of every change (who, when, from → to, from which visit).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import type { PipelineNow } from '@prospectie/contract';
import { wizardReference } from '../../api/reference';
import { waitsForConnection } from '../../api/queryRules';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevice } from '../../components/NotOnDevice';
import { nlPipeline } from '../../i18n/nlPipeline';
import { compareDutch, formatDate } from '../../lib/format';
import { outbox } from '../../offline/deviceOutbox';
import { useOutboxSnapshot } from '../../offline/useOutbox';
import { PipelineDialog } from './PipelineDialog';
import { usePipelineWrite, useShopPipeline } from './api';
import { StatusBadge } from './StatusBadge';
import './pipeline.css';

export function ShopPipeline({ shopId }: { shopId: number }) {
  const t = nlPipeline.section;
  const pipeline = useShopPipeline(shopId);
  const brands = useQuery(wizardReference.brands);
  const write = usePipelineWrite(shopId);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const { items } = useOutboxSnapshot();
  const mine = items.filter((i) => i.kind === 'pipeline' && i.shopId === shopId);

  const heading = (
    <h2 className="h5" id="pipeline-title">
      {t.title}
    </h2>
  );
  if (waitsForConnection(pipeline))
    return (
      <section aria-labelledby="pipeline-title" className="mb-4">
        {heading}
        <NotOnDevice what={nlPipeline.section.notOnDevice} />
      </section>
    );
  if (pipeline.isPending) return <Loading text={t.loading} />;
  if (!pipeline.data) return <LoadError error={pipeline.error} onRetry={() => pipeline.refetch()} />;
  const { statuses, history } = pipeline.data;
  const byBrand = new Map(statuses.map((s) => [s.brandId, s]));
  // Every active FC70 brand, with a status or as a prospect, and a brand no longer active that has a status.
  const rows: { id: number; name: string; now?: PipelineNow }[] = [
    ...(brands.data ?? []).map((b) => ({ id: b.id, name: b.name, now: byBrand.get(b.id) })),
    ...statuses.filter((s) => !brands.data?.some((b) => b.id === s.brandId)).map((s) => ({ id: s.brandId, name: s.brandName, now: s })),
  ].sort((a, b) => compareDutch(a.name, b.name));

  return (
    <section aria-labelledby="pipeline-title" className="mb-4">
      {heading}
      {pipeline.isError && <LoadError error={pipeline.error} onRetry={() => pipeline.refetch()} />}
      {mine.some((i) => i.state === 'waiting') && (
        <Alert variant="info" className="py-2">
          {t.kept}
        </Alert>
      )}
      {mine
        .filter((i) => i.state === 'refused')
        .map((i) => (
          <Alert key={i.id} variant="danger" className="py-2 d-flex flex-wrap gap-2 align-items-center">
            <span className="flex-grow-1">{t.refused(i.message ?? '')}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void outbox.remove(i.id)}>
              {t.forget}
            </Button>
          </Alert>
        ))}
      {!statuses.length && <p className="text-body-secondary small">{t.empty}</p>}
      <ListGroup as="ul" className="mb-2" aria-label={t.title}>
        {rows.map(({ id, name, now }) => (
          <ListGroup.Item as="li" key={id} className="d-flex flex-wrap align-items-center gap-2 pipeline-row">
            <div className="flex-grow-1 min-w-0">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <strong className="text-break">{name}</strong>
                <StatusBadge status={now?.status ?? 'prospect'} />
              </div>
              {now && (
                <div className="small text-body-secondary">
                  {t.since(formatDate(now.since))}
                  {now.season && ` · ${now.season}`}
                  {now.reason && ` · ${nlPipeline.reason[now.reason]}`}
                  {now.reasonText && ` · ${now.reasonText}`}
                </div>
              )}
              {now && (now.nextStep || now.nextStepDate) && (
                <div className="small">{t.nextStep(now.nextStep, now.nextStepDate ? formatDate(now.nextStepDate) : null)}</div>
              )}
            </div>
            <Button size="sm" variant="outline-primary" aria-label={t.change(name)} onClick={() => setEditing({ id, name })}>
              {t.changeShort}
            </Button>
          </ListGroup.Item>
        ))}
      </ListGroup>
      {/* The history is drawn once opened: closed, its links would stand among the shop's visits for nothing. */}
      <details className="mb-3" onToggle={(e) => setHistoryOpen(e.currentTarget.open)}>
        <summary className="pipeline-summary">{t.history}</summary>
        {historyOpen &&
          (history.length === 0 ? (
            <p className="text-body-secondary small mb-0">{t.historyEmpty}</p>
          ) : (
            <ul className="list-unstyled small mb-0" aria-label={t.history}>
              {history.map((h) => {
                const line = (
                  <>
                    <span className="text-body-secondary">{formatDate(h.on)}</span> <strong>{h.brandName}</strong>{' '}
                    {t.historyLine(nlPipeline.status[h.from ?? 'prospect'], nlPipeline.status[h.to])}{' '}
                    <span className="text-body-secondary">
                      ({nlPipeline.source[h.source]}
                      {h.employeeName && ` ${t.by(h.employeeName)}`})
                    </span>
                    {h.reason && ` · ${nlPipeline.reason[h.reason]}`}
                  </>
                );
                // A change a visit made opens that visit: the whole line is the way there, a thumb's height.
                return (
                  <li key={h.id} className="border-bottom">
                    {h.prospectionId ? (
                      <Link to={`/shop/${shopId}/prospections/${h.prospectionId}`} className="pipeline-history-line text-body">
                        {line}
                      </Link>
                    ) : (
                      <div className="pipeline-history-line">{line}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          ))}
      </details>
      {editing && (
        <PipelineDialog
          brand={editing}
          now={byBrand.get(editing.id)}
          onClose={() => setEditing(null)}
          onSave={(body) => write(editing.id, body)}
        />
      )}
    </section>
  );
}
