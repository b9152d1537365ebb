// React.lazy for code that may already be here: React gets a loaded module without suspending, so the screen's
// first paint shows it instead of its Suspense fallback, which the next paint would replace (a jump, decision 039).
import { onlineManager } from '@tanstack/react-query';
import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';

type Loaded<C> = { default: C };

/** A thenable that answers at once: React.lazy then renders without suspending. */
export const answerAtOnce = <C>(loaded: Loaded<C>) =>
  ({ then: (resolve: (m: Loaded<C>) => void) => resolve(loaded) }) as unknown as Promise<Loaded<C>>;

/**
 * A module loaded on demand, once: `start()` loads it (a route starting its screen), `component(name)` is a lazy
 * component of it that renders without suspending once the module is here.
 */
export function loadable<M>(load: () => Promise<M>) {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  // A failed load (a flaky connection) is not kept: the next start, or the component's first render, asks again.
  const start = () =>
    (loading ??= load().then(
      (m) => (module = m),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  /** `meanwhile` stands in while its code cannot load (offline): see `untilLoaded`. */
  const component = <K extends keyof M>(name: K, meanwhile?: ComponentType) =>
    lazy(() => {
      type C = M[K] & ComponentType;
      return module
        ? answerAtOnce({ default: module[name] as C })
        : (loadedOrStandIn(() => start().then((m) => m[name] as C), meanwhile) as Promise<Loaded<C>>);
    });
  return { start, component };
}

/**
 * Style sheets of code loaded later whose download failed (offline). The build's loader adds a chunk's style sheet only
 * when no link to it is in the page, loaded or not: a failed one would keep the screen unstyled once its code loads.
 * They go when the server can be reached again (api/connection.ts, decision 045), and before any new try.
 */
const failedStyles = new Set<HTMLLinkElement>();
if (typeof document !== 'undefined') {
  // Capturing: a link's error event does not bubble.
  document.addEventListener(
    'error',
    (event) => {
      const link = event.target;
      if (link instanceof HTMLLinkElement && link.rel === 'stylesheet') failedStyles.add(link);
    },
    true,
  );
  onlineManager.subscribe((online) => {
    if (online) dropFailedStyles();
  });
}

function dropFailedStyles() {
  for (const link of failedStyles) link.remove();
  failedStyles.clear();
}

/**
 * Stands in for a component whose code could not load (offline, before the service worker kept it): `meanwhile`, or
 * nothing, and the component itself once its code loads, asked again when the server can be reached again. React.lazy keeps
 * a failed load for good and hands it to the route's error page: the whole screen would be lost, for a part of it, until
 * she reloads.
 */
export function untilLoaded<P extends object>(load: () => Promise<ComponentType<P>>, meanwhile?: ComponentType): ComponentType<P> {
  // Once here, here for every later mount at once (React.lazy keeps this stand-in for good, not the component).
  let known: ComponentType<P> | null = null;
  return function UntilLoaded(props: P) {
    const [loaded, setLoaded] = useState<ComponentType<P> | null>(() => known);
    useEffect(() => {
      if (known) return;
      let live = true;
      const attempt = () => {
        dropFailedStyles();
        void load().then(
          (component) => {
            known = component;
            if (live) setLoaded(() => component);
          },
          () => undefined,
        );
      };
      // Online as the app counts it: the server answers (decision 045).
      const stop = onlineManager.subscribe((online) => {
        if (online) attempt();
      });
      if (onlineManager.isOnline()) attempt();
      return () => {
        live = false;
        stop();
      };
    }, []);
    if (loaded) return createElement(loaded, props);
    return meanwhile ? createElement(meanwhile) : null;
  };
}

/**
 * React.lazy for a part a screen can do without for a while (In de buurt, Opvolgen, 'Ik sta in deze winkel', a dialog):
 * where its code cannot load (offline, before the service worker kept it) it draws `meanwhile` or nothing, instead of
 * the route's error page, and itself once the connection is back (`untilLoaded`).
 */
export function lazyExtra<P extends object>(load: () => Promise<ComponentType<P>>, meanwhile?: ComponentType) {
  return lazy(() => loadedOrStandIn(load, meanwhile));
}

/** What React.lazy gets: the component, or, where its code could not load, `untilLoaded`'s stand-in for it. */
function loadedOrStandIn<P extends object>(load: () => Promise<ComponentType<P>>, meanwhile?: ComponentType) {
  return load().then(
    (component) => ({ default: component }),
    () => ({ default: untilLoaded(load, meanwhile) }),
  );
}
