// Afmelden (/afmelden/:token), where a mail's unsubscribe link lands, signed in or not (docs/decisions/070): it asks
// first and changes nothing until she taps Afmelden, since link scanners open every link of a mail.
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { apiErrorText } from '../../api/errorText';
import { isNotFound, waitsForConnection } from '../../api/queryRules';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { nlMail } from '../../i18n/nlMail';
import { useUnsubscribe, useUnsubscribeKind } from './api';

const t = nlMail.unsubscribe;

/** Alone on the page, as the sign-in is: she may come from her mail, signed out. */
function Frame({
  title,
  headingRef,
  describedBy,
  children,
}: {
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="unsubscribe-title" className="signin-card">
      <h1 id="unsubscribe-title" className="h3" ref={headingRef} tabIndex={-1} aria-describedby={describedBy}>
        {title}
      </h1>
      {children}
    </section>
  );
}

function ToApp({ primary = false }: { primary?: boolean }) {
  return (
    <Link to="/" className={`btn action-button ${primary ? 'btn-primary' : 'btn-outline-secondary'}`}>
      {t.toApp}
    </Link>
  );
}

export function UnsubscribePage() {
  const { token = '' } = useParams();
  const asked = useUnsubscribeKind(token);
  const stop = useUnsubscribe(token);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = stop.isSuccess;
  // The button she tapped is gone: what it did is read out from the heading that replaces the question.
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  if (asked.isPending && !waitsForConnection(asked)) return <Loading text={t.loading} />;
  if (!asked.data) {
    return (
      <Frame title={t.title}>
        {isNotFound(asked.error) ? (
          <>
            <p>{apiErrorText(asked.error)}</p>
            <ToApp primary />
          </>
        ) : waitsForConnection(asked) ? (
          <Alert variant="warning">{t.offline}</Alert>
        ) : (
          <LoadError error={asked.error} onRetry={() => asked.refetch()} />
        )}
      </Frame>
    );
  }
  const kind = stop.data?.kind ?? asked.data.kind;
  if (done) {
    return (
      <Frame title={t.doneTitle} headingRef={heading} describedBy="unsubscribe-done">
        <p id="unsubscribe-done">
          {t.done[kind]} {t.againBefore} <Link to="/instellingen">{t.settings}</Link>.
        </p>
        <ToApp primary />
      </Frame>
    );
  }
  return (
    <Frame title={t.question[kind]}>
      <p>{t.what[kind]}</p>
      {stop.isError && <Alert variant="danger">{apiErrorText(stop.error)}</Alert>}
      <div className="d-flex flex-wrap gap-2">
        <Button className="action-button" onClick={() => stop.mutate()} disabled={stop.isPending}>
          {stop.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {stop.isPending ? t.busy : t.confirm}
        </Button>
        <ToApp />
      </div>
    </Frame>
  );
}
