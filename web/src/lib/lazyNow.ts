// React.lazy for code that may already be here: React gets a loaded module without suspending, so the screen's
// first paint shows it instead of its Suspense fallback, which the next paint would replace (a jump, decision 039).
import { lazy, type ComponentType } from 'react';

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
  const component = <K extends keyof M>(name: K) =>
    lazy(() => {
      type C = M[K] & ComponentType;
      return module ? answerAtOnce({ default: module[name] as C }) : start().then((m) => ({ default: m[name] as C }));
    });
  return { start, component };
}

/**
 * React.lazy for an extra a screen does without (In de buurt, 'Ik sta in deze winkel'): where its code cannot load
 * (offline, before the service worker kept it) it draws nothing, instead of the route's error page.
 */
export function lazyExtra<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: (() => null) as ComponentType<P> }),
    ),
  );
}
