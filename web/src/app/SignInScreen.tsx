// Shown when nobody is signed in: the spec's message and Inloggen (the e-mail sign-in in demo mode).
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useLocation } from 'react-router';
import { ApiError } from '../api/client';
import { useAuthConfig, useDemoSignIn } from '../api/session';
import { nl } from '../i18n/nl';

export function SignInScreen() {
  const config = useAuthConfig();
  const signIn = useDemoSignIn();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const emailId = useId();

  if (signIn.isError) {
    const message = signIn.error instanceof ApiError && !signIn.error.isNetwork ? signIn.error.message : nl.errors.generic;
    return (
      <section className="signin-card" aria-labelledby="signin-failed">
        <h1 id="signin-failed" className="h3">{nl.auth.signInFailed}</h1>
        <Alert variant="danger">{message}</Alert>
        <Button onClick={() => signIn.reset()}>{nl.auth.tryAgain}</Button>
      </section>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) signIn.mutate(email.trim());
  };

  return (
    <section className="signin-card" aria-labelledby="signin-title">
      <h1 id="signin-title" className="h4 mb-3">{nl.auth.mustSignIn}</h1>
      {config.data?.authMode === 'oidc' ? (
        <Button href={`/api/auth/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`}>{nl.auth.signIn}</Button>
      ) : (
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
      )}
    </section>
  );
}
