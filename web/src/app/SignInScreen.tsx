// Shown when nobody is signed in: single sign-on (starts by itself once), or the demo e-mail sign-in.
import { Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Spinner } from '../components/Bare';
import { useLocation } from 'react-router';
import { autoSignInTried, signInUrl, startSignIn, useAuthConfig, useDemoSignIn, useSigningOut } from '../api/session';
import { Loading } from '../components/Loading';
import { LoadError } from '../components/LoadError';
import { nl } from '../i18n/nl';
import { lazyExtra } from '../lib/lazyNow';

// Why a demo sign-in failed, in Dutch: the error texts load when needed, not with the first download.
const ApiErrorText = lazyExtra(() => import('../api/errorText').then((m) => m.ApiErrorText));
const LoginErrorText = lazyExtra(() => import('./LoginErrorText').then((m) => m.LoginErrorText));

export function SignInScreen() {
  const config = useAuthConfig();
  // A call refused while the rep signs out lands here: no way in is offered until she has left.
  const signingOut = useSigningOut();
  if (signingOut) return <Loading text={nl.auth.signingOut} />;
  if (config.isPending) return <Loading />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => config.refetch()} />;
  return config.data.authMode === 'oidc' ? <OrganisationSignIn /> : <DemoSignIn />;
}

function SignInFailed({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return (
    <section className="signin-card" aria-labelledby="signin-failed">
      <h1 id="signin-failed" className="h3">
        {nl.auth.signInFailed}
      </h1>
      <Alert variant="danger">{message}</Alert>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {nl.auth.tryAgain}
      </button>
    </section>
  );
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
    return (
      <SignInFailed
        message={
          <Suspense fallback={nl.auth.loading}>
            <LoginErrorText code={loginError} />
          </Suspense>
        }
        onRetry={() => startSignIn(params.get('returnTo') ?? '/')}
      />
    );
  }
  if (autoStart) return <Loading text={nl.auth.signingIn} />;
  return (
    <section className="signin-card" aria-labelledby="signin-title">
      <h1 id="signin-title" className="h4 mb-3">
        {nl.auth.mustSignIn}
      </h1>
      <button type="button" className="btn btn-primary" onClick={() => window.location.assign(signInUrl(here))}>
        {nl.auth.signIn}
      </button>
    </section>
  );
}

function DemoSignIn() {
  const signIn = useDemoSignIn();
  const [email, setEmail] = useState('');
  const emailId = useId();

  if (signIn.isError) {
    const message = (
      <Suspense fallback={null}>
        <ApiErrorText error={signIn.error} />
      </Suspense>
    );
    return <SignInFailed message={message} onRetry={() => signIn.reset()} />;
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
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <label htmlFor={emailId} className="form-label">
            {nl.auth.demoEmailLabel}
          </label>
          <input
            id={emailId}
            className="form-control"
            aria-describedby={`${emailId}-help`}
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="demo@example.com"
            required
          />
          <small id={`${emailId}-help`} className="form-text">
            {nl.auth.demoEmailHelp}
          </small>
        </div>
        <button type="submit" className="btn btn-primary" disabled={signIn.isPending || !email.trim()}>
          {signIn.isPending && <Spinner className="me-2" />}
          {signIn.isPending ? nl.auth.signingIn : nl.auth.signIn}
        </button>
      </form>
    </section>
  );
}
