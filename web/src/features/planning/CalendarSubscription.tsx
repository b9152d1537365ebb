// Agenda abonneren (decision 028): a personal address the phone's calendar, Outlook or Google subscribes to. The address
// is shown once, when it is made (the server keeps only a hash of its token); renewing or revoking asks first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { appointmentKeys } from '../../api/appointments';
import { useCalendarSubscription } from './queries';
import { revokeCalendarSubscription, startCalendarSubscription } from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { apiErrorText } from '../../api/errorText';
import { CardSection } from '../../components/CardSection';
import { LoadError } from '../../components/LoadError';
import { nlPlanning } from '../../i18n/nlPlanning';
import { formatDateTime } from '../../lib/format';

type Asking = 'renew' | 'revoke' | null;

function Confirm({ asking, busy, onYes, onNo }: { asking: Exclude<Asking, null>; busy: boolean; onYes: () => void; onNo: () => void }) {
  const texts = nlPlanning.subscribe;
  const [title, question, yes] =
    asking === 'renew'
      ? [texts.renewTitle, texts.renewQuestion, texts.renewConfirm]
      : [texts.revokeTitle, texts.revokeQuestion, texts.revokeConfirm];
  return (
    <Alert
      variant="warning"
      className="mt-3 mb-0"
      role="alertdialog"
      aria-labelledby="subscription-confirm-title"
      aria-describedby="subscription-confirm-text"
    >
      <p className="fw-semibold mb-1" id="subscription-confirm-title">
        {title}
      </p>
      <p id="subscription-confirm-text">{question}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button className="action-button" variant={asking === 'revoke' ? 'danger' : 'primary'} disabled={busy} onClick={onYes} autoFocus>
          {yes}
        </Button>
        <Button className="action-button" variant="outline-secondary" disabled={busy} onClick={onNo}>
          {nlPlanning.cancel}
        </Button>
      </div>
    </Alert>
  );
}

export function CalendarSubscription() {
  const texts = nlPlanning.subscribe;
  const queryClient = useQueryClient();
  const subscription = useCalendarSubscription();
  const [address, setAddress] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [revoked, setRevoked] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: appointmentKeys.subscription });

  const create = useMutation({
    mutationFn: () => call(startCalendarSubscription),
    onSuccess: (created) => {
      setAddress(created.url);
      setAsking(null);
      setCopied(null);
      setRevoked(false);
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: () => call(revokeCalendarSubscription),
    onSuccess: () => {
      setAddress(null);
      setAsking(null);
      setRevoked(true);
      void refresh();
    },
  });
  const failure = create.error ?? revoke.error;
  const busy = create.isPending || revoke.isPending;

  const copy = async () => {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('failed');
    }
  };

  let body;
  if (subscription.isPending) body = <p className="small text-body-secondary">{texts.loading}</p>;
  else if (!subscription.data) body = <LoadError error={subscription.error} onRetry={() => subscription.refetch()} />;
  else if (!subscription.data.active)
    body = (
      <>
        <p className="mb-2">{revoked ? texts.revoked : texts.off}</p>
        <Button className="action-button" variant="primary" disabled={busy} onClick={() => create.mutate()}>
          {texts.switchOn}
        </Button>
      </>
    );
  else
    body = (
      <>
        {address ? (
          <>
            <Form.Label htmlFor="subscription-address">{texts.address}</Form.Label>
            <InputGroup>
              <Form.Control
                id="subscription-address"
                ref={input}
                readOnly
                value={address}
                onFocus={(e) => e.currentTarget.select()}
                aria-describedby="subscription-once"
              />
              <Button className="action-button" variant="outline-primary" onClick={() => void copy()}>
                {texts.copy}
              </Button>
            </InputGroup>
            <Form.Text id="subscription-once">{texts.addressShownOnce}</Form.Text>
            <div role="status" aria-live="polite" className="small mt-1">
              {copied === 'yes' ? texts.copied : copied === 'failed' ? texts.copyFailed : null}
            </div>
            <h3 className="h6 mt-3">{texts.howTo}</h3>
            <ul className="small ps-3">
              <li>{texts.outlook}</li>
              <li>{texts.google}</li>
              <li>{texts.apple}</li>
            </ul>
            <p className="small text-body-secondary">{texts.delay}</p>
          </>
        ) : (
          <p>
            {texts.status} {subscription.data.createdAt ? formatDateTime(subscription.data.createdAt) : ''}.
          </p>
        )}
        {asking ? (
          <Confirm
            asking={asking}
            busy={busy}
            onYes={() => (asking === 'renew' ? create.mutate() : revoke.mutate())}
            onNo={() => setAsking(null)}
          />
        ) : (
          <div className="d-flex flex-wrap gap-2">
            <Button className="action-button" variant="outline-primary" onClick={() => setAsking('renew')}>
              {texts.renew}
            </Button>
            <Button className="action-button" variant="outline-danger" onClick={() => setAsking('revoke')}>
              {texts.revoke}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <CardSection titleId="subscription-title" title={texts.title} intro={texts.intro} className="h-100">
      {failure !== null && (
        <Alert variant="danger" className="py-2">
          {apiErrorText(failure)}
        </Alert>
      )}
      {body}
    </CardSection>
  );
}
