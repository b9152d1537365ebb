// Shown when nobody is signed in: single sign-on (starts by itself once), or the demo e-mail sign-in.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useLocation } from 'react-router';
import { apiErrorText } from '../api/client';
import { autoSignInTried, signInUrl, startSignIn, useAuthConfig, useDemoSignIn } from '../api/session';
import { Loading } from '../components/Loading';
import { LoadError } from '../components/LoadError';
import { nl } from '../i18n/nl';

export function SignInScreen() {
  const config = useAuthConfig();
  if (config.isPending) return <Loading />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => config.refetch()} />;
  return config.data.authMode === 'oidc' ? <OrganisationSignIn /> : <DemoSignIn />;
}

function SignInFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className="signin-card" aria-labelledby="signin-failed">
      <h1 id="signin-failed" className="h3">
        {nl.auth.signInFailed}
      </h1>
      <Alert variant="danger">{message}</Alert>
      <Button onClick={onRetry}>{nl.auth.tryAgain}</Button>
    </section>
  );
}

/** The issuer's answer, as the callback put it in ?loginError, in Dutch. */
function loginErrorMessage(code: string): string {
  const messages: Record<string, string> = nl.auth.loginErrors;
  return messages[code] ?? nl.auth.loginErrors.failed;
}

function OrganisationSignIn() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const loginError = params.get('loginError');
  const here = location.pathname + location.search + location.hash;
  // Decided once per visit of this screen, so marking the attempt does not hide the spinner.
  const [autoStart] = useState(() => !loginError && !autoSignInTried());
  const started = useRef(false);

  useEffect(() => {
    if (autoStart && !started.current) {
      started.current = true;
      startSignIn(here);
    }
  }, [autoStart, here]);

  if (loginError) {
    return <SignInFailed message={loginErrorMessage(loginError)} onRetry={() => startSignIn(params.get('returnTo') ?? '/')} />;
  }
  if (autoStart) return <Loading text={nl.auth.signingIn} />;
  return (
    <section className="signin-card" aria-labelledby="signin-title">
      <h1 id="signin-title" className="h4 mb-3">
        {nl.auth.mustSignIn}
      </h1>
      <Button href={signInUrl(here)}>{nl.auth.signIn}</Button>
    </section>
  );
}

function DemoSignIn() {
  const signIn = useDemoSignIn();
  const [email, setEmail] = useState('');
  const emailId = useId();

  if (signIn.isError) {
    return <SignInFailed message={apiErrorText(signIn.error)} onRetry={() => signIn.reset()} />;
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) signIn.mutate(email.trim());
  };

  return (
    <section className="signin-card" aria-labelledby="signin-title">
      <h1 id="signin-title" className="h4 mb-3">
        {nl.auth.mustSignIn}
      </h1>
      <Form onSubmit={submit} noValidate>
        <Form.Group className="mb-3" controlId={emailId}>
          <Form.Label>{nl.auth.demoEmailLabel}</Form.Label>
          <Form.Control
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="demo@example.com"
            required
          />
          <Form.Text>{nl.auth.demoEmailHelp}</Form.Text>
        </Form.Group>
        <Button type="submit" disabled={signIn.isPending || !email.trim()}>
          {signIn.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {signIn.isPending ? nl.auth.signingIn : nl.auth.signIn}
        </Button>
      </Form>
    </section>
  );
}
