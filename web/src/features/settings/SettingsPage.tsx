// Instellingen (/instellingen): where her mail goes, and each kind of mail on or off, saved at each tap
// (docs/decisions/069-mail-and-job-queue.md). The mails' footers link here.
import { Alert, Form } from 'react-bootstrap';
import type { MailKind, MailSettings } from '@prospectie/contract';
import { apiErrorText } from '../../api/errorText';
import { waitsForConnection } from '../../api/queryRules';
import { CardSection } from '../../components/CardSection';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevicePage } from '../../components/NotOnDevicePage';
import { nlMail } from '../../i18n/nlMail';
import { useOnline } from '../../offline/useOutbox';
import { useMailSettings, useSetMailKind } from './api';
import './settings.css';

const t = nlMail.settings;
/** The kinds in the order the page shows them (the texts name each one). */
const KINDS = Object.keys(t.kinds) as MailKind[];

function MailSwitches({ settings, online }: { settings: MailSettings; online: boolean }) {
  const save = useSetMailKind();
  return (
    <>
      <p>
        {settings.address ? (
          <>
            {t.addressBefore} <strong className="text-break">{settings.address}</strong>.
          </>
        ) : (
          t.noAddress
        )}
      </p>
      {!settings.sending && (
        <Alert variant="secondary" className="small">
          {t.notSending}
        </Alert>
      )}
      {!online && (
        <Alert variant="warning" className="small" role="status">
          {t.offline}
        </Alert>
      )}
      {KINDS.map((kind) => (
        <div key={kind} className="mb-2">
          <Form.Check
            type="switch"
            role="switch"
            id={`mail-${kind}`}
            className="settings-switch"
            label={t.kinds[kind].label}
            checked={settings[kind]}
            disabled={!online}
            aria-describedby={`mail-${kind}-help`}
            onChange={(e) => save.mutate({ kind, on: e.target.checked })}
          />
          <Form.Text id={`mail-${kind}-help`} className="d-block settings-help">
            {t.kinds[kind].help}
          </Form.Text>
        </div>
      ))}
      <p className="small mb-0 settings-saved" role="status">
        {save.isPending ? (
          t.saving
        ) : save.isSuccess ? (
          <>
            <span aria-hidden="true">✓ </span>
            {t.saved}
          </>
        ) : null}
      </p>
      {save.isError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {apiErrorText(save.error)}
        </Alert>
      )}
    </>
  );
}

export function SettingsPage() {
  const settings = useMailSettings();
  const online = useOnline();
  if (waitsForConnection(settings)) return <NotOnDevicePage what={t.notOnDevice} />;
  if (settings.isPending) return <Loading text={t.loading} />;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="h3">
        {t.title}
      </h1>
      {/* A failed refresh keeps the settings shown before (offline cache), under the notice. */}
      {settings.isError && <LoadError error={settings.error} onRetry={() => settings.refetch()} />}
      {settings.data && (
        <CardSection titleId="settings-mail" title={t.mail} className="settings-card">
          <MailSwitches settings={settings.data} online={online} />
        </CardSection>
      )}
    </section>
  );
}
