// E-mails (/beheer/e-mails): what Prospectie mailed to whom and what became of it, newest first (decision 069), never
// a mail's contents; 'Meer laden' fetches the next page. A table on a wide screen, a list of cards on a phone.
import { Badge, Table } from 'react-bootstrap';
import type { MailLogEntry, MailStatus } from '@prospectie/contract';
import { nlAdmin } from '../../i18n/nlAdmin';
import { useMailLog } from './api';
import { formatAuditClock, formatAuditTime } from './auditText';
import { ListPage, LoadedList, LoadMore } from './ListPage';
import { ListCard } from './parts';

const t = nlAdmin.mails;

/** How a status stands out: sent, not sent on purpose, still to come or in doubt, and failed. */
const statusLook: Record<MailStatus, { bg: string; text?: 'dark' }> = {
  waiting: { bg: 'warning', text: 'dark' },
  sent: { bg: 'success' },
  off: { bg: 'secondary' },
  no_address: { bg: 'secondary' },
  nothing: { bg: 'secondary' },
  refused: { bg: 'danger' },
  failed: { bg: 'danger' },
  expired: { bg: 'secondary' },
  uncertain: { bg: 'warning', text: 'dark' },
};

function StatusBadge({ mail }: { mail: MailLogEntry }) {
  return (
    <Badge {...statusLook[mail.status]} className="text-wrap text-start">
      {t.statuses[mail.status]}
    </Badge>
  );
}

/** While it waits after a failed attempt: when it is tried again. */
const nextAttemptText = (mail: MailLogEntry) =>
  mail.status === 'waiting' && mail.nextAttemptAt ? t.nextAttempt(formatAuditClock(mail.nextAttemptAt)) : null;

/** When it was asked for, and when it was sent or given up. */
function When({ mail }: { mail: MailLogEntry }) {
  return (
    <>
      <time dateTime={mail.createdAt} className="d-block">
        {t.created(formatAuditTime(mail.createdAt))}
      </time>
      {mail.finishedAt && (
        <time dateTime={mail.finishedAt} className="d-block text-body-secondary">
          {(mail.status === 'sent' ? t.sentAt : t.finishedAt)(formatAuditTime(mail.finishedAt))}
        </time>
      )}
    </>
  );
}

const addressText = (mail: MailLogEntry) => mail.address ?? t.noAddress;

function MailTable({ mails }: { mails: MailLogEntry[] }) {
  return (
    <Table responsive hover className="admin-table align-middle bg-white small">
      <thead>
        <tr>
          <th scope="col">{t.columns.when}</th>
          <th scope="col">{t.columns.to}</th>
          <th scope="col">{t.columns.kind}</th>
          <th scope="col">{t.columns.status}</th>
          <th scope="col">{t.columns.attempts}</th>
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          <tr key={mail.id}>
            <td>
              <When mail={mail} />
            </td>
            <th scope="row" className="fw-normal">
              <span className="fw-semibold d-block">{mail.recipient.name}</span>
              <span className="text-break">{addressText(mail)}</span>
            </th>
            <td>{t.kinds[mail.kind]}</td>
            <td>
              <StatusBadge mail={mail} />
              {nextAttemptText(mail) && <span className="d-block text-body-secondary">{nextAttemptText(mail)}</span>}
            </td>
            <td>{mail.attempts}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function MailCards({ mails }: { mails: MailLogEntry[] }) {
  return (
    <ul className="list-unstyled admin-cards">
      {mails.map((mail) => (
        <ListCard key={mail.id} title={`${t.kinds[mail.kind]}: ${mail.recipient.name}`} status={<StatusBadge mail={mail} />}>
          <div className="small text-break">{addressText(mail)}</div>
          <div className="small">
            <When mail={mail} />
          </div>
          <div className="small text-body-secondary">{[t.attempts(mail.attempts), nextAttemptText(mail)].filter(Boolean).join(', ')}</div>
        </ListCard>
      ))}
    </ul>
  );
}

export function MailLogPage() {
  const log = useMailLog();
  const mails = log.data?.pages.flatMap((page) => page.mails) ?? [];
  return (
    <ListPage titleId="admin-mails-title" title={t.title}>
      <p className="text-body-secondary mt-2">{t.intro}</p>
      <LoadedList
        query={log}
        count={mails.length}
        loadingText={t.loading}
        status={mails.length === 0 ? t.empty : t.shown(mails.length)}
        cards={<MailCards mails={mails} />}
        table={<MailTable mails={mails} />}
      />
      {log.data && <LoadMore query={log} count={mails.length} allText={t.all} />}
    </ListPage>
  );
}
