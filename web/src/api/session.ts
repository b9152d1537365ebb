// Who is signed in, and signing in and out.
import { useEffect } from 'react';
import { useIsMutating, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me, Role } from '@prospectie/contract';
import { authConfig, demoSignIn, signIn, signOut, whoAmI } from '@prospectie/contract/endpoints/addresses';
import { API_ROOT } from '@prospectie/contract/endpoint';
import { call, callPath } from './call';
import { ApiError, onUnauthorized } from './client';

export const meQueryKey = ['me'] as const;

/** Where single sign-on starts; the server accepts only a path on this site as returnTo. */
export const signInUrl = (returnTo: string) => API_ROOT + callPath(signIn, { query: { returnTo } });

// Spec §2: sign-in starts automatically once on load. This tab remembers that it tried, so a
// failed attempt (or a fresh logout) shows the sign-in screen instead of looping; a successful
// sign-in forgets it, so an expired session later starts sign-in by itself again.
const AUTO_SIGN_IN_KEY = 'prospectie.autoSignInTried';
export function autoSignInTried() {
  try {
    return sessionStorage.getItem(AUTO_SIGN_IN_KEY) === '1';
  } catch {
    return false;
  }
}
function rememberAutoSignIn(tried: boolean) {
  try {
    if (tried) sessionStorage.setItem(AUTO_SIGN_IN_KEY, '1');
    else sessionStorage.removeItem(AUTO_SIGN_IN_KEY);
  } catch {
    /* storage may be unavailable */
  }
}

/** From the tap on Afmelden until the page leaves for the issuer (or, without one, the logout has ended). */
let signingOut = false;

// The rep's other tabs of the app hear of a sign-out in one of them: they drop what they show and offer Inloggen
// instead of starting a sign-in of their own on their next refused call, which could race the logout to the issuer.
// public/first-paint.js listens on the same channel for the same word (a tab whose app has not started yet).
const SESSION_CHANNEL = 'prospectie.session';
const SIGNED_OUT = 'signed-out';
function tellOtherTabsSignedOut() {
  try {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.postMessage(SIGNED_OUT);
    channel.close();
  } catch {
    /* a browser without BroadcastChannel: the other tabs learn it from their next refused call */
  }
}
/** Calls `listener` when the rep signs out in another tab. */
function onSignedOutElsewhere(listener: () => void) {
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel(SESSION_CHANNEL);
  } catch {
    return () => {};
  }
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === SIGNED_OUT) listener();
  };
  return () => channel.close();
}

type SignedOutListener = () => unknown;
const signedOutListeners = new Set<SignedOutListener>();

/**
 * Runs `listener` (and waits for it) each time the rep signs out, before the browser leaves for the issuer:
 * the modules that keep data on the device (offline/deviceOutbox.ts) wipe it here, so this module needs not know them.
 */
export function onSignedOut(listener: SignedOutListener) {
  signedOutListeners.add(listener);
  return () => void signedOutListeners.delete(listener);
}

/** Leaves for the organisation's sign-in; comes back to returnTo. */
export function startSignIn(returnTo: string) {
  rememberAutoSignIn(true);
  window.location.assign(signInUrl(returnTo));
}

/** Who is signed in (null: nobody). main.tsx asks at start, before the first render; index.html preloads the answer. */
export const meQuery = {
  queryKey: meQueryKey,
  queryFn: async (): Promise<Me | null> => {
    try {
      const me = await call(whoAmI);
      // An answer that left before the rep tapped Afmelden must not undo what the logout marked.
      if (!signingOut) rememberAutoSignIn(false);
      return me;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 5 * 60 * 1000,
  // A lost connection is retried (and so waits while offline, keeping the signed-in user on screen).
  retry: (count: number, err: Error) => !(err instanceof ApiError && err.status < 500 && !err.isNetwork) && count < 2,
};

/**
 * The signed-in user, or null when there is no session. When any call meets 401 while someone was
 * signed in (the session expired mid-work), the user becomes null, so the shell shows the sign-in
 * screen in place of the page: in oidc mode that starts sign-in and comes back to the same page.
 * Drafts (the wizards keep theirs on the device) survive the round trip.
 */
export function useMe() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = onUnauthorized(() => {
      if (queryClient.getQueryData(meQueryKey)) queryClient.setQueryData(meQueryKey, null);
    });
    const stopHearing = onSignedOutElsewhere(() => {
      // This tab's own tap (its listeners hear it too) is the logout's to finish.
      if (signingOut) return;
      signingOut = true;
      forgetTheRep(queryClient);
    });
    return () => {
      stop();
      stopHearing();
    };
  }, [queryClient]);
  return useQuery(meQuery);
}

/** Whether the signed-in user holds `role` (a kept answer from before roles existed holds none). */
export const hasRole = (me: Me | null | undefined, role: Role): boolean => (me?.roles ?? []).includes(role);

export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth-config'],
    queryFn: () => call(authConfig),
    staleTime: Infinity,
  });
}

export function useDemoSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(demoSignIn, { body: { email } }),
    onSuccess: () => {
      signingOut = false;
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

const logoutKey = ['logout'] as const;

/**
 * Signed out, on purpose: this tab keeps nothing of the rep (session storage, answers, writes not yet sent) and
 * shows the sign-in screen, which offers Inloggen instead of signing straight back in. The logout itself stays
 * until the page has left for the issuer, so the screen says it is signing out meanwhile (useSigningOut).
 */
function forgetTheRep(queryClient: QueryClient) {
  try {
    sessionStorage.clear();
  } catch {
    /* storage may be unavailable */
  }
  rememberAutoSignIn(true);
  // Nobody first: the shell, listening, swaps the page for the sign-in screen before her answers are dropped.
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  const mutations = queryClient.getMutationCache();
  for (const mutation of mutations.findAll({ predicate: (m) => m.options.mutationKey?.[0] !== logoutKey[0] })) mutations.remove(mutation);
}

/** Whether a sign-out is on its way (until the page leaves for the issuer). */
export const useSigningOut = () => useIsMutating({ mutationKey: logoutKey }) > 0;

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: logoutKey,
    mutationFn: () => call(signOut),
    // From the tap on: a call refused meanwhile (the session ends with this request) shows the sign-in screen
    // instead of starting a sign-in that would race the logout to the issuer and could sign the rep back in.
    onMutate: () => {
      signingOut = true;
      rememberAutoSignIn(true);
      tellOtherTabsSignedOut();
    },
    onSettled: async (result) => {
      // A shared phone must not keep the last rep's data.
      try {
        localStorage.clear();
      } catch {
        /* storage may be unavailable */
      }
      forgetTheRep(queryClient);
      // The cache kept for offline reading and the outbox go too (the rep was warned about unsent items).
      await Promise.allSettled([...signedOutListeners].map(async (listener) => listener()));
      // End the issuer's session too (RP-initiated logout); it sends the browser back to /.
      if (result?.redirectTo) window.location.assign(result.redirectTo);
      else signingOut = false;
    },
  });
}
