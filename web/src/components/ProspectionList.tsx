// A shop's visits as a list of links to their detail: date, visit type and who visited.
import type { ShopProspection } from '@prospectie/contract';
import { Link } from 'react-router';
import { nlShop } from '../i18n/nlShop';
import { formatDate } from '../lib/format';

export function ProspectionList({ shopId, prospections }: { shopId: number; prospections: ShopProspection[] }) {
  if (prospections.length === 0) return <p className="text-body-secondary">{nlShop.prospections.empty}</p>;
  return (
    <ul className="list-group mb-3">
      {prospections.map((p) => (
        <li key={p.id} className="list-group-item p-0">
          <Link
            to={`/shop/${shopId}/prospections/${p.id}`}
            className="d-flex flex-wrap align-items-baseline column-gap-3 px-3 py-3 text-decoration-none prospection-link"
          >
            <span className="fw-semibold">{formatDate(p.visitDate)}</span>
            <span>{p.visitTypeName}</span>
            <span className="text-body-secondary small ms-sm-auto">{nlShop.prospections.visitedBy(p.employeeName)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
