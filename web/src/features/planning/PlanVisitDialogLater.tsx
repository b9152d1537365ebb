// Bezoek plannen's dialog as Home's and the shop page's plan lists use it: its code (the appointment form, its
// Dutch texts, the dialog) is no part of what those screens' first paint waits for. It loads when the
// rep is idle after that paint, or at her first press, whichever comes first; until it is here nothing shows.
import { Suspense, type ComponentProps } from 'react';
import { loadable } from '../../lib/lazyNow';

const code = loadable(() => import('./PlanVisitDialog'));
const Dialog = code.component('PlanVisitDialog');

/** Starts loading the dialog's code when the page is idle. */
export function loadPlanVisitDialogSoon(): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => void code.start().catch(() => undefined), { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(() => void code.start().catch(() => undefined), 1000);
  return () => clearTimeout(id);
}

export function PlanVisitDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
